/**
 * What each built-in gate does, in words and as a matrix (basis |0>, |1>;
 * for two qubits the first operand is the control or the most significant
 * qubit), shown on hover. Keyed by the catalogue's canonical names; aliases
 * resolve through `acceptedGates`.
 */
export const GATE_MATRICES: Readonly<Record<string, string>> = {
  x: 'bit flip: [[0, 1], [1, 0]]',
  y: '[[0, -i], [i, 0]]',
  z: 'phase flip: diag(1, -1)',
  h: 'Hadamard: (1/√2) [[1, 1], [1, -1]]',
  s: 'diag(1, i)',
  sdg: 'diag(1, -i)',
  t: 'diag(1, e^{iπ/4})',
  tdg: 'diag(1, e^{-iπ/4})',
  sx: '(1/2) [[1+i, 1-i], [1-i, 1+i]]',
  vdg: '(1/2) [[1-i, 1+i], [1+i, 1-i]]',
  rx: '[[cos(θ/2), -i sin(θ/2)], [-i sin(θ/2), cos(θ/2)]]',
  ry: '[[cos(θ/2), -sin(θ/2)], [sin(θ/2), cos(θ/2)]]',
  rz: 'diag(e^{-iθ/2}, e^{iθ/2})',
  p: 'diag(1, e^{iλ})',
  id: 'identity: diag(1, 1)',
  xphase: '[[cos(θ/2), -i sin(θ/2)], [-i sin(θ/2), cos(θ/2)]] (as rx)',
  yphase: '[[cos(θ/2), -sin(θ/2)], [sin(θ/2), cos(θ/2)]] (as ry)',
  gphase: 'e^{iγ} times the identity on every qubit (unobservable; dropped)',
  cx: 'X on the target when the control is |1>: [[1,0,0,0], [0,1,0,0], [0,0,0,1], [0,0,1,0]]',
  cy: 'Y on the target when the control is |1>: [[1,0,0,0], [0,1,0,0], [0,0,0,-i], [0,0,i,0]]',
  cz: 'diag(1, 1, 1, -1)',
  swap: 'exchanges the two qubits: [[1,0,0,0], [0,0,1,0], [0,1,0,0], [0,0,0,1]]',
};
