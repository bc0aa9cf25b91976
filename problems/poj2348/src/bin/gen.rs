//! Random valid input for POJ 2348 "Euclid's Game": `poj2348-gen --seed S [--lines N] [--max V]`.
//!
//! The input format is HDU 1525's (the same game), so this is hdu1525's generator,
//! loaded as a module rather than copied: the same seed gives the same input.

#[path = "../../../hdu1525/src/bin/gen.rs"]
mod euclid_gen;

fn main() {
    euclid_gen::main();
}
