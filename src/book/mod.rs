//! The loaded lessons as a book: sections, one reading order, breadcrumbs, and the keep-going
//! lists that point from one lesson to others.

pub mod keep_going;
pub mod navigation;
