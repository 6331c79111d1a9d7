// Measures q[0] and then uses it again: fine on the simulator,
// rejected by QPU targets (try --target qpu.aria-1).
OPENQASM 3.0;
include "stdgates.inc";

qubit[2] q;
bit[3] c;

h q[0];
c[0] = measure q[0];
cx q[0], q[1];

c[1] = measure q[0];
c[2] = measure q[1];
