//! The cp-games judge harness (see README.md).
