// Lint suppressions: the CLI honours them, the service (and validate) do not.
OPENQASM 3.0;
include "stdgates.inc";

qubit[1] q;
bit[1] c;

// qasm3-preflight-disable-next-line unknown-gate -- defined by our lab's pulse library
lab_pulse q[0];
h q[0];

c[0] = measure q[0];
