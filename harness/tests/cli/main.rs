//! The judge's command line, tested end to end over fixture solutions.
