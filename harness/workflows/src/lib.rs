//! The judge's workflows: what each command does, below the command line. A
//! workflow takes plain options (never clap's arguments), runs on the engine and
//! the readers, and returns a typed outcome that the command line hands to a
//! reporter; it decides no exit code.
