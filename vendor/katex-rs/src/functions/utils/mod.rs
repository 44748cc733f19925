//! Utility functions for KaTeX function implementations.
//!
//! This module contains helper functions that support the implementation
//! of various LaTeX functions in KaTeX, particularly for complex layout
//! and positioning operations.

// Export utility modules
mod assemble_sup_sub;

pub use assemble_sup_sub::assemble_sup_sub;
