//! The loaded lessons as a book: sections, one reading order, breadcrumbs.

pub mod navigation;
