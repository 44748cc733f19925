//! The SVG writer's tests: ticks, scales, text boxes, placement, and the markup itself.

use super::*;

#[test]
fn nice_ticks_cover_a_probability_range_in_steps_of_a_fifth() {
    let ticks = nice_ticks(0.0, 0.864, 6);
    assert_eq!(ticks.values, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]);
    assert_eq!(ticks.decimals, 1);
    assert_eq!(ticks.domain(), (0.0, 1.0));
}

#[test]
fn nice_ticks_step_by_one_two_or_five_times_a_power_of_ten() {
    assert_eq!(nice_ticks(0.0, 47.0, 5).values, [0.0, 20.0, 40.0, 60.0]);
    assert_eq!(
        nice_ticks(-3.0, 3.0, 7).values,
        [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0]
    );
    assert_eq!(nice_ticks(0.0, 0.03, 4).values, [0.0, 0.01, 0.02, 0.03]);
    assert_eq!(nice_ticks(0.0, 0.03, 4).decimals, 2);
}

#[test]
fn nice_ticks_of_equal_ends_or_non_finite_ends_still_span_an_interval() {
    let equal = nice_ticks(2.0, 2.0, 5);
    assert!(equal.values.len() >= 2);
    assert!(equal.values[0] <= 2.0 && *equal.values.last().unwrap() >= 2.0);
    assert_eq!(nice_ticks(0.0, 0.0, 5).domain(), (-1.0, 1.0));
    assert_eq!(nice_ticks(f64::NAN, 1.0, 5).domain(), (0.0, 1.0));
}

#[test]
fn nice_tick_values_carry_no_floating_point_dust() {
    let ticks = nice_ticks(0.1, 0.7, 7);
    assert!(ticks.values.contains(&0.3), "{:?}", ticks.values);
    let labels: Vec<String> = labelled(&ticks).into_iter().map(|t| t.label).collect();
    assert_eq!(labels, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
}

#[test]
fn negative_tick_labels_use_the_minus_sign_and_zero_has_none() {
    let labels: Vec<String> = labelled(&nice_ticks(-1.0, 1.0, 3))
        .into_iter()
        .map(|t| t.label)
        .collect();
    assert_eq!(labels, ["\u{2212}1", "0", "1"]);
}

#[test]
fn decades_print_plainly_when_short_and_as_powers_otherwise() {
    let (ticks, domain) = decade_ticks(0.02, 30.0);
    let plain: Vec<String> = ticks.into_iter().map(|t| t.label).collect();
    assert_eq!(plain, ["0.01", "0.1", "1", "10", "100"]);
    assert_eq!(domain, (0.01, 100.0));
    let (ticks, domain) = decade_ticks(1e-12, 10.0);
    let powers: Vec<String> = ticks.into_iter().map(|t| t.label).collect();
    assert_eq!(powers, ["10⁻¹²", "10⁻⁹", "10⁻⁶", "10⁻³", "10⁰"]);
    assert_eq!(domain, (1e-12, 10.0));
}

#[test]
fn scales_map_ends_to_ends_and_never_divide_by_zero() {
    let scale = Scale::linear((0.0, 10.0), (100.0, 0.0));
    assert_eq!(scale.map(0.0), 100.0);
    assert_eq!(scale.map(5.0), 50.0);
    let flat = Scale::linear((3.0, 3.0), (0.0, 100.0));
    assert!(flat.map(3.0).is_finite());
    let log = Scale::log10((1.0, 100.0), (0.0, 200.0));
    assert_eq!(log.map(10.0), 100.0);
    assert_eq!(log.map(0.0), 0.0);
}

#[test]
fn coordinates_have_two_decimals_and_no_negative_zero() {
    assert_eq!(coordinate(1.0 / 3.0), "0.33");
    assert_eq!(coordinate(-0.001), "0.00");
    assert_eq!(coordinate(-2.5), "-2.50");
}

#[test]
fn text_is_escaped() {
    let mut svg = Svg::new(100.0, 50.0, "p");
    svg.text(
        Point::new(1.0, 2.0),
        (Anchor::Start, Baseline::Alphabetic),
        SMALL_TEXT,
        "wf-label",
        "<b> & \"q\"",
    );
    let out = svg.finish("c", "a <title>", "d & e");
    assert!(
        out.contains(">&lt;b&gt; &amp; &quot;q&quot;</text>"),
        "{out}"
    );
    assert!(
        out.contains("<title id=\"p-title\">a &lt;title&gt;</title>"),
        "{out}"
    );
    assert!(
        out.contains("<desc id=\"p-desc\">d &amp; e</desc>"),
        "{out}"
    );
    assert!(!out.contains("<b>"));
}

#[test]
fn arrows_get_their_own_prefixed_marker_and_stop_short_of_the_tip() {
    let mut svg = Svg::new(100.0, 100.0, "wf-emb-1");
    svg.arrow(Point::new(0.0, 0.0), Point::new(50.0, 0.0), "wf-s0");
    svg.arrow(Point::new(0.0, 0.0), Point::new(0.0, 50.0), "wf-s1");
    let out = svg.finish("c", "t", "d");
    assert!(out.contains("<marker id=\"wf-emb-1-head-0\""), "{out}");
    assert!(out.contains("<marker id=\"wf-emb-1-head-1\""), "{out}");
    assert!(out.contains("x2=\"40.00\" y2=\"0.00\""), "{out}");
    assert!(
        out.contains("marker-end=\"url(#wf-emb-1-head-1)\""),
        "{out}"
    );
}

#[test]
fn the_image_is_as_wide_as_its_view_box_and_names_itself() {
    let out = Svg::new(380.0, 320.0, "x").finish("wf", "t", "d");
    assert!(out.starts_with(
        "<svg class=\"wf\" width=\"380\" viewBox=\"0 0 380.00 320.00\" role=\"img\" aria-labelledby=\"x-title\""
    ));
    assert!(
        !out.contains("height=\""),
        "the height follows the view box"
    );
}

#[test]
fn a_rectangle_with_negative_height_is_drawn_upwards() {
    let mut svg = Svg::new(10.0, 10.0, "p");
    svg.rect(1.0, 8.0, 2.0, -5.0, "wf-bar");
    assert!(svg
        .finish("c", "t", "d")
        .contains("x=\"1.00\" y=\"3.00\" width=\"2.00\" height=\"5.00\""));
}

fn texts(ticks: &[Tick]) -> Vec<&str> {
    ticks.iter().map(|tick| tick.label.as_str()).collect()
}

#[test]
fn large_ticks_take_an_si_prefix_and_tiny_ones_a_power_of_ten() {
    let ticks = labelled(&nice_ticks(-1.5e6, 1e6, 6));
    assert_eq!(
        texts(&ticks),
        ["−1.5M", "−1.0M", "−0.5M", "0", "0.5M", "1.0M"]
    );
    let ticks = labelled(&nice_ticks(0.0, 40_000.0, 5));
    assert_eq!(texts(&ticks), ["0", "10k", "20k", "30k", "40k"]);
    let ticks = labelled(&nice_ticks(0.0, 0.0004, 3));
    assert_eq!(texts(&ticks), ["0", "2×10⁻⁴", "4×10⁻⁴"]);
}

#[test]
fn fitted_ticks_thin_out_until_labels_fit_side_by_side() {
    let (ticks, domain) = fitted_ticks(-1.3e6, 9e5, 250.0, true, 6);
    let spacing = 250.0 / (ticks.len() - 1) as f64;
    assert!(spacing >= widest(texts(&ticks), SMALL_TEXT), "{ticks:?}");
    assert!(domain.0 <= -1.3e6 && domain.1 >= 9e5);
    // A tall vertical axis keeps about as many as asked for.
    assert!(fitted_ticks(0.0, 1.0, 200.0, false, 6).0.len() >= 5);
}

#[test]
fn turned_labels_side_by_side_do_not_overlap_though_their_bounds_do() {
    let label = |x: f64| {
        TextBox::new(
            Point::new(x, 100.0),
            (Anchor::End, Baseline::Hanging),
            SMALL_TEXT,
            -45.0,
            "a long name",
        )
    };
    let (a, b) = (label(100.0), label(130.0));
    let (_, _, right, _) = a.bounds();
    let (left, _, _, _) = b.bounds();
    assert!(left < right, "the upright bounds overlap");
    assert!(!a.overlaps(&b));
    assert!(a.overlaps(&label(105.0)));
}

#[test]
fn a_text_box_follows_its_anchor_and_baseline() {
    let at = Point::new(50.0, 50.0);
    let start = TextBox::new(at, (Anchor::Start, Baseline::Alphabetic), 10.0, 0.0, "abcd");
    assert_eq!(start.bounds(), (50.0, 42.4, 74.0, 52.4));
    let end = TextBox::new(at, (Anchor::End, Baseline::Hanging), 10.0, 0.0, "abcd");
    assert_eq!(end.bounds().0, 26.0);
    assert!(end.bounds().1 > 50.0, "hanging text is below its point");
    assert!(start.inside(100.0, 100.0) && !start.inside(60.0, 100.0));
}

#[test]
fn the_placer_skips_places_on_the_data_and_on_earlier_labels() {
    let frame = Frame {
        left: 0.0,
        top: 0.0,
        width: 200.0,
        height: 200.0,
    };
    let mut placer = Placer::new(&frame);
    let at = Point::new(100.0, 100.0);
    // A line running right from the point rules out the first place, to its right.
    placer.avoid_line(&[at, Point::new(200.0, 100.0)]);
    let spots = Placer::around(at, 10.0);
    let first = placer.place("start", SMALL_TEXT, &spots);
    assert_eq!(first, spots[1], "above the point");
    let second = placer.place("optimum", SMALL_TEXT, &spots);
    assert_eq!(second, spots[2], "left of it, clear of the first label");
}

#[test]
fn slot_labels_slant_and_thin_out_when_slots_are_narrow() {
    let wide = SlotLabels::new(["the", "cat"], 60.0, SMALL_TEXT);
    assert!(!wide.slanted && wide.stride == 1);
    let narrow = SlotLabels::new(["transformer", "attention"], 40.0, SMALL_TEXT);
    assert!(narrow.slanted && narrow.stride == 1 && narrow.reach > 60.0);
    let crowded = SlotLabels::new(["transformer", "attention"], 8.0, SMALL_TEXT);
    assert!(crowded.stride >= 3);
}

#[test]
fn short_slot_labels_stay_upright_and_thin_out_instead() {
    let numbers: Vec<String> = (1..=16).map(|n| n.to_string()).collect();
    let layout = SlotLabels::new(numbers.iter().map(String::as_str), 12.0, SMALL_TEXT);
    assert!(!layout.slanted, "{layout:?}");
    assert!(layout.stride >= 2, "{layout:?}");
    assert_eq!(layout.reach, 0.0);
}

#[test]
fn figure_text_stays_legible_on_a_phone_within_its_width() {
    assert!(legible_width(SMALL_TEXT) >= 416.0);
    let scale = phone_scale(legible_width(SMALL_TEXT), false);
    assert!((SMALL_TEXT * scale - LEAST_TEXT_PX).abs() < 1e-9);
    assert_eq!(
        phone_scale(200.0, false),
        1.0,
        "a small chart is not enlarged"
    );
}

#[test]
fn a_segment_is_cut_to_the_frame_and_one_outside_it_is_dropped() {
    let frame = Frame {
        left: 10.0,
        top: 10.0,
        width: 100.0,
        height: 50.0,
    };
    let (from, to) = frame
        .clip_segment(Point::new(-1e6, 35.0), Point::new(1e6, 35.0))
        .expect("crosses the frame");
    let close = |p: Point, x: f64, y: f64| (p.x - x).abs() < 1e-6 && (p.y - y).abs() < 1e-6;
    assert!(
        close(from, 10.0, 35.0) && close(to, 110.0, 35.0),
        "{from:?} {to:?}"
    );
    let (from, to) = frame
        .clip_segment(Point::new(0.0, 0.0), Point::new(120.0, 120.0))
        .expect("crosses the frame");
    assert!(
        (from.x - 10.0).abs() < 1e-9 && (from.y - 10.0).abs() < 1e-9,
        "{from:?}"
    );
    assert!(
        (to.x - 60.0).abs() < 1e-9 && (to.y - 60.0).abs() < 1e-9,
        "{to:?}"
    );
    assert_eq!(
        frame.clip_segment(Point::new(0.0, 0.0), Point::new(200.0, 0.0)),
        None
    );
    assert_eq!(
        frame.clip_segment(Point::new(20.0, 20.0), Point::new(30.0, 30.0)),
        Some((Point::new(20.0, 20.0), Point::new(30.0, 30.0)))
    );
}
