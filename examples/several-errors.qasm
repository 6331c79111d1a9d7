// Several different mistakes; `qasm3-preflight check` reports them all.
OPENQASM 3.0;
include "stdgates.inc";

qubit[2] q;
bit[2] c;
float[64] theta = 0.5;

h q[0];
cnto q[0], q[1];
rz(pi + 1) q[1];

c[0] = measure q[0];
c[0] = measure q[1];
