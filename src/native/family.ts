/** The native gate families: which entangling gate a target runs. */
export type NativeFamily = 'ms' | 'zz';

export const NATIVE_FAMILIES: readonly NativeFamily[] = ['ms', 'zz'];
