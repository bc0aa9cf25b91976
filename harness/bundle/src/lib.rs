//! The bundler: a solution and the `contest` modules it uses, inlined into the one
//! std-only file an online judge compiles.
