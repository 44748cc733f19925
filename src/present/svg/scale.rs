//! Positions: points, the frame of a plot, and scales from data to user units.

/// A position in user units; y grows downwards, as in SVG.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position, downwards.
    pub y: f64,
}

impl Point {
    /// The point (x, y).
    pub fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

/// The rectangle a plot draws its data in (axes and labels go outside it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Left edge.
    pub left: f64,
    /// Top edge.
    pub top: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl Frame {
    /// The right edge.
    pub fn right(&self) -> f64 {
        self.left + self.width
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f64 {
        self.top + self.height
    }

    /// The part of the segment from `a` to `b` inside the frame (Liang–Barsky), or `None` when
    /// it misses the frame. Lines are drawn only where they show: a dashed line reaching far
    /// past a clip is still dashed end to end in a PDF, thousands of dashes per line.
    pub fn clip_segment(&self, a: Point, b: Point) -> Option<(Point, Point)> {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let (mut enter, mut leave) = (0.0f64, 1.0f64);
        for (step, room) in [
            (-dx, a.x - self.left),
            (dx, self.right() - a.x),
            (-dy, a.y - self.top),
            (dy, self.bottom() - a.y),
        ] {
            if step == 0.0 {
                if room < 0.0 {
                    return None;
                }
                continue;
            }
            let t = room / step;
            if step < 0.0 {
                enter = enter.max(t);
            } else {
                leave = leave.min(t);
            }
        }
        let at = |t: f64| Point::new(a.x + t * dx, a.y + t * dy);
        (enter <= leave).then(|| (at(enter), at(leave)))
    }
}

/// Maps data values onto a range of user units, linearly or by their base-10 logarithm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    domain: (f64, f64),
    range: (f64, f64),
    log: bool,
}

impl Scale {
    /// A linear scale; an empty domain (all values equal) is widened so nothing divides by 0.
    pub fn linear(domain: (f64, f64), range: (f64, f64)) -> Self {
        Scale {
            domain: widen(domain),
            range,
            log: false,
        }
    }

    /// A logarithmic scale over a positive domain; values at or below 0 map to its bottom.
    pub fn log10(domain: (f64, f64), range: (f64, f64)) -> Self {
        let low = domain.0.max(f64::MIN_POSITIVE).log10();
        let high = domain.1.max(f64::MIN_POSITIVE).log10();
        Scale {
            domain: widen((low, high)),
            range,
            log: true,
        }
    }

    /// The user-unit position of `value`.
    pub fn map(&self, value: f64) -> f64 {
        let value = if self.log {
            if value > 0.0 {
                value.log10()
            } else {
                self.domain.0
            }
        } else {
            value
        };
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        r0 + (value - d0) / (d1 - d0) * (r1 - r0)
    }
}

/// A domain of positive width: equal ends move apart by 1, or by a tenth of their size.
pub(super) fn widen((low, high): (f64, f64)) -> (f64, f64) {
    if high > low {
        (low, high)
    } else {
        let pad = if low == 0.0 { 1.0 } else { low.abs() * 0.1 };
        (low - pad, high + pad)
    }
}
