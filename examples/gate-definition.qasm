// A user gate, inlined at each call; arguments are constants (literals, pi, unary minus, * and /).
OPENQASM 3.0;
include "stdgates.inc";

gate entangle(theta) a, b {
  ry(theta) a;
  cx a, b;
}

qubit[2] q;
bit[2] c;

entangle(pi / 2) q[0], q[1];
rz(-pi / 4) q[1];

c[0] = measure q[0];
c[1] = measure q[1];
