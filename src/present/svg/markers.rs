//! Markers (the dots of a path, the ends of a curve, a start and an optimum) that would fall on
//! one another, moved apart so that each one shows: a run that converges puts dozens of
//! iterates on one point of the picture, and drawn there they read as a single dot.
//!
//! The first marker of a crowd keeps its place; each later one that would cover (or be covered
//! by) one already placed goes to the nearest free place on a sunflower spiral around its own
//! point, inside the plot. The text alternative still gives the true numbers.

use super::scale::{Frame, Point};

/// One marker: where its value puts it, and its radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Marker {
    /// The point its value maps to.
    pub at: Point,
    /// Its radius (for a cross, half its arm).
    pub radius: f64,
}

/// Most places tried around a crowded point; a path of 80 dots needs far fewer.
const MOST_TRIES: usize = 800;
/// The golden angle, which spreads a spiral's points evenly around its centre.
const GOLDEN_ANGLE: f64 = 2.399_963_229_728_653;

/// Whether two markers this far apart cover each other: closer than the larger radius, more
/// than half of the smaller one is hidden.
fn crowds(a: (Point, f64), b: (Point, f64)) -> bool {
    (a.0.x - b.0.x).hypot(a.0.y - b.0.y) < a.1.max(b.1)
}

/// Where to draw each of `markers`, in order: at its own point when that is clear of the
/// markers before it, else at the nearest clear place around it inside `frame`. Markers are
/// never moved out of the frame; in a frame too crowded for any clear place one is left where
/// its value puts it.
pub fn spread_markers(markers: &[Marker], frame: &Frame) -> Vec<Point> {
    let inside = |p: Point| {
        (frame.left..=frame.right()).contains(&p.x) && (frame.top..=frame.bottom()).contains(&p.y)
    };
    let mut placed: Vec<(Point, f64)> = Vec::with_capacity(markers.len());
    for marker in markers {
        let clear = |p: Point| {
            inside(p)
                && !placed
                    .iter()
                    .any(|&other| crowds(other, (p, marker.radius)))
        };
        // Spiral points about one radius apart, so a crowd packs tightly around its point.
        let spacing = marker.radius.max(0.5) * 0.9;
        let spot = std::iter::once(marker.at)
            .chain((1..=MOST_TRIES).map(|k| {
                let (distance, angle) = (spacing * (k as f64).sqrt(), k as f64 * GOLDEN_ANGLE);
                Point::new(
                    marker.at.x + distance * angle.cos(),
                    marker.at.y + distance * angle.sin(),
                )
            }))
            .find(|&p| clear(p))
            .unwrap_or(marker.at);
        placed.push((spot, marker.radius));
    }
    placed.into_iter().map(|(point, _)| point).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const FRAME: Frame = Frame {
        left: 10.0,
        top: 10.0,
        width: 200.0,
        height: 150.0,
    };

    fn dots(points: &[(f64, f64)], radius: f64) -> Vec<Marker> {
        points
            .iter()
            .map(|&(x, y)| Marker {
                at: Point::new(x, y),
                radius,
            })
            .collect()
    }

    #[test]
    fn markers_apart_stay_where_their_values_put_them() {
        let markers = dots(&[(20.0, 20.0), (40.0, 20.0), (40.0, 40.0)], 2.2);
        let spread = spread_markers(&markers, &FRAME);
        let at: Vec<Point> = markers.iter().map(|marker| marker.at).collect();
        assert_eq!(spread, at);
    }

    #[test]
    fn a_crowd_at_one_point_keeps_its_first_and_fans_the_rest_around_it() {
        let markers = dots(&[(100.0, 80.0); 30], 2.2);
        let spread = spread_markers(&markers, &FRAME);
        assert_eq!(spread[0], Point::new(100.0, 80.0));
        for (i, a) in spread.iter().enumerate() {
            for b in &spread[..i] {
                assert!((a.x - b.x).hypot(a.y - b.y) >= 2.2, "{a:?} and {b:?}");
            }
            // Close around the point: the crowd still reads as "here".
            assert!((a.x - 100.0).hypot(a.y - 80.0) < 20.0, "{a:?}");
        }
    }

    #[test]
    fn a_crowd_in_a_corner_is_spread_inside_the_plot() {
        let markers = dots(&[(FRAME.left, FRAME.top); 12], 3.5);
        for point in spread_markers(&markers, &FRAME) {
            assert!(point.x >= FRAME.left && point.y >= FRAME.top, "{point:?}");
        }
    }

    proptest! {
        #[test]
        fn no_two_markers_are_drawn_on_each_other_and_all_stay_in_the_plot(
            points in proptest::collection::vec(
                prop_oneof![
                    (10.0f64..210.0, 10.0f64..160.0),
                    // Many on one of a few points, as a converging run puts them.
                    (0usize..3).prop_map(|i| [(10.0, 10.0), (100.0, 80.0), (210.0, 160.0)][i]),
                ],
                0..80,
            ),
            radius in 1.5f64..5.0,
        ) {
            let spread = spread_markers(&dots(&points, radius), &FRAME);
            for (i, a) in spread.iter().enumerate() {
                prop_assert!(a.x >= FRAME.left && a.x <= FRAME.right() && a.y >= FRAME.top && a.y <= FRAME.bottom(), "{a:?}");
                for b in &spread[..i] {
                    prop_assert!((a.x - b.x).hypot(a.y - b.y) >= radius, "{a:?} and {b:?} overlap");
                }
            }
        }
    }
}
