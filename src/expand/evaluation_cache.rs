//! Evaluations kept by what they follow from, so an example is evaluated once however many
//! lessons hold it, and `worked serve` evaluates nothing again after a save that changed no
//! example (a prose edit lays out its page with the values it had).
//!
//! Two kinds are kept. An example, by its kind and its block's text (inputs, program and
//! expectations are all in the text; an input read from a file must join the identity with
//! that file's contents), with body-relative spans so one evaluation serves the same block
//! anywhere in any lesson. And the seeds of an exercise's `[vary]`, by its plan (the examples'
//! steps and inputs, the draws and the exercise's program: everything a run reads).
//!
//! A page `serve` reuses does not ask for its examples again, so the cache keeps evaluations
//! from older builds too, up to [`MAX_KEPT_ENTRIES`] numbers: past that,
//! [`EvaluationCache::start_build`] keeps only what the last build used (which the book's value
//! budget bounds), so a long `serve` session cannot grow without bound.

use super::blocks::{BlockError, ExampleKind, ParsedExample};
use super::typed_numbers::ExampleNumbers;
use super::value_budget::{entries, ValueBudget, MAX_BOOK_ENTRIES};
use crate::compute::vary::{DrawError, Drawn};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// What an example's values follow from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ExampleIdentity {
    pub(crate) kind: ExampleKind,
    pub(crate) text: String,
    /// The lesson's folder and its book's data files, for a book that has some (see
    /// `DataFiles::identity`): a compute input read from a file follows from them.
    pub(crate) data: Option<(String, u64)>,
}

/// An example's evaluation: its values, or the problems its block has.
pub(crate) type Evaluation = Result<ParsedExample, Vec<BlockError>>;

/// The numbers an example prints, for the typed-number check, made when first asked for and
/// kept with its evaluation.
pub(crate) type KeptNumbers = Arc<Mutex<Option<Arc<ExampleNumbers>>>>;

/// What every seed of a `[vary]` plan gives, seed 1 first.
pub(crate) type SeedRuns = Arc<[Result<Drawn, DrawError>]>;

/// Most numbers the evaluations of builds before the last one may keep.
pub const MAX_KEPT_ENTRIES: usize = 2 * MAX_BOOK_ENTRIES;

/// What evaluating a lesson's examples draws on: the build's budget of kept values, and the
/// cache.
#[derive(Debug, Clone, Copy)]
pub struct Evaluations<'a> {
    /// Counts the values the build's examples keep.
    pub budget: &'a ValueBudget,
    /// Evaluations of this build and the one before.
    pub cache: &'a EvaluationCache,
}

/// Evaluations of the current build and of the build before it.
#[derive(Debug, Default)]
pub struct EvaluationCache {
    examples: Kept<ExampleIdentity, (Evaluation, KeptNumbers)>,
    /// By the plan as JSON (the plan the page embeds).
    seeds: Kept<String, SeedRuns>,
    evaluated: AtomicUsize,
    /// Numbers the typed-number check formatted to search the lessons' (see
    /// [`super::typed_numbers::Printable::formatted`]).
    numbers_formatted: AtomicUsize,
    /// Element operations the `[vary]` seeds of this build's exercises need, each exercise's
    /// counted whether its runs were made now or kept (so the bound does not hang on the cache).
    vary_work: AtomicU64,
}

impl EvaluationCache {
    /// The evaluation of `identity`, from the cache or made by `evaluate` (at most once per
    /// identity, even when several threads ask at once), and the place its numbers are kept.
    pub(crate) fn example(
        &self,
        identity: ExampleIdentity,
        evaluate: impl FnOnce() -> Evaluation,
    ) -> (Evaluation, KeptNumbers) {
        self.examples.get_or_make(identity, || {
            self.evaluated.fetch_add(1, Ordering::Relaxed);
            (evaluate(), KeptNumbers::default())
        })
    }

    /// Counts numbers the typed-number check formatted.
    pub(crate) fn count_formatted(&self, numbers: usize) {
        self.numbers_formatted.fetch_add(numbers, Ordering::Relaxed);
    }

    /// How many numbers the typed-number check formatted since the cache was made.
    pub fn numbers_formatted(&self) -> usize {
        self.numbers_formatted.load(Ordering::Relaxed)
    }

    /// What the seeds of the `[vary]` plan written as `plan` give, from the cache or made by
    /// `run` (counted as one evaluation per seed).
    pub(crate) fn seed_runs(
        &self,
        plan: String,
        run: impl FnOnce() -> Vec<Result<Drawn, DrawError>>,
    ) -> SeedRuns {
        self.seeds.get_or_make(plan, || {
            let runs = run();
            self.evaluated.fetch_add(runs.len(), Ordering::Relaxed);
            runs.into()
        })
    }

    /// Counts `work` element operations of an exercise's `[vary]` seeds; false once the
    /// build's exercises need more than `most` together (the work stays counted, so every
    /// later exercise is refused too).
    pub(crate) fn charge_vary_work(&self, work: u64, most: u64) -> bool {
        let before = self.vary_work.fetch_add(work, Ordering::Relaxed);
        before.saturating_add(work) <= most
    }

    /// Starts a build: what the builds before made waits to be asked for again, unless older
    /// evaluations keep more than [`MAX_KEPT_ENTRIES`] numbers; then only the last build's do.
    pub fn start_build(&mut self) {
        let example_entries = |(evaluation, _): &(Evaluation, KeptNumbers)| {
            evaluation
                .as_ref()
                .map_or(0, |parsed| entries(&parsed.evaluated))
        };
        let seed_entries = |runs: &SeedRuns| {
            runs.iter()
                .flatten()
                .flat_map(|drawn| drawn.inputs.iter().chain(&drawn.outputs))
                .map(|value| value.len())
                .sum()
        };
        let older =
            self.examples.older_weight(example_entries) + self.seeds.older_weight(seed_entries);
        let forget_older = older > MAX_KEPT_ENTRIES;
        self.examples.start_build(forget_older);
        self.seeds.start_build(forget_older);
        *self.vary_work.get_mut() = 0;
    }

    /// Element operations of the `[vary]` seeds this build's exercises counted.
    pub fn vary_work(&self) -> u64 {
        self.vary_work.load(Ordering::Relaxed)
    }

    /// How many examples were evaluated and `[vary]` seeds run since the cache was made (what
    /// came from the cache not counted).
    pub fn evaluated(&self) -> usize {
        self.evaluated.load(Ordering::Relaxed)
    }
}

/// Values by key, for this build and the one before. Each key has one slot; a thread that
/// needs what another is making waits for it instead of making it again.
#[derive(Debug)]
struct Kept<K, V> {
    slots: Mutex<Slots<K, V>>,
}

#[derive(Debug)]
struct Slots<K, V> {
    /// Used by the build under way.
    current: HashMap<K, Arc<OnceLock<V>>>,
    /// Left from the builds before; moved to `current` when used again.
    previous: HashMap<K, Arc<OnceLock<V>>>,
}

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Kept {
            slots: Mutex::new(Slots {
                current: HashMap::new(),
                previous: HashMap::new(),
            }),
        }
    }
}

impl<K: Hash + Eq, V: Clone> Kept<K, V> {
    fn get_or_make(&self, key: K, make: impl FnOnce() -> V) -> V {
        let slot = {
            let mut slots = self
                .slots
                .lock()
                .unwrap_or_else(|poison| poison.into_inner());
            let kept = slots.previous.remove(&key);
            Arc::clone(
                slots
                    .current
                    .entry(key)
                    .or_insert_with(|| kept.unwrap_or_default()),
            )
        };
        slot.get_or_init(make).clone()
    }

    /// What the evaluations older than the last build weigh.
    fn older_weight(&mut self, weight: impl Fn(&V) -> usize) -> usize {
        let slots = self
            .slots
            .get_mut()
            .unwrap_or_else(|poison| poison.into_inner());
        slots
            .previous
            .values()
            .filter_map(|slot| slot.get())
            .map(weight)
            .sum()
    }

    /// Moves the last build's evaluations among the older ones, or in their place.
    fn start_build(&mut self, forget_older: bool) {
        let slots = self
            .slots
            .get_mut()
            .unwrap_or_else(|poison| poison.into_inner());
        if forget_older {
            slots.previous.clear();
        }
        let last = std::mem::take(&mut slots.current);
        slots.previous.extend(last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(text: &str) -> ExampleIdentity {
        ExampleIdentity {
            kind: ExampleKind::Compute,
            text: text.to_string(),
            data: None,
        }
    }

    fn failing(message: &str) -> Evaluation {
        Err(vec![BlockError::new(0..1, message)])
    }

    #[test]
    fn an_example_is_evaluated_once_and_kept_for_later_builds() {
        let mut cache = EvaluationCache::default();
        cache.start_build();
        let (first, _) = cache.example(identity("a"), || failing("a"));
        let (again, _) = cache.example(identity("a"), || panic!("evaluated twice"));
        assert_eq!(first.unwrap_err()[0].message, "a");
        assert_eq!(again.unwrap_err()[0].message, "a");
        let _ = cache.example(identity("b"), || failing("b"));
        assert_eq!(cache.evaluated(), 2);

        cache.start_build();
        let _ = cache.example(identity("a"), || panic!("a was kept"));
        cache.start_build();
        // A page reused from the page cache asks for nothing: "b" waits, unused, for later.
        let _ = cache.example(identity("b"), || panic!("b was kept"));
        assert_eq!(cache.evaluated(), 2);
    }

    #[test]
    fn forgetting_the_older_evaluations_keeps_the_last_builds() {
        let mut kept: Kept<&str, usize> = Kept::default();
        kept.get_or_make("old", || 5);
        kept.start_build(false);
        kept.get_or_make("new", || 1);
        kept.start_build(false);
        assert_eq!(kept.older_weight(|weight| *weight), 6, "both wait");
        kept.get_or_make("new", || panic!("new was kept"));
        kept.start_build(true);
        assert_eq!(
            kept.older_weight(|weight| *weight),
            1,
            "only the last build's"
        );
        assert_eq!(kept.get_or_make("old", || 7), 7, "old was let go");
    }

    #[test]
    fn a_plans_seeds_run_once_and_count_one_evaluation_each() {
        let cache = EvaluationCache::default();
        let fail = |seed| {
            Err(DrawError {
                message: format!("seed {seed}"),
                example: None,
            })
        };
        let runs = cache.seed_runs("plan".to_string(), || (1..=3).map(fail).collect());
        assert_eq!(runs.len(), 3);
        assert_eq!(runs[2].as_ref().unwrap_err().message, "seed 3");
        cache.seed_runs("plan".to_string(), || panic!("run twice"));
        assert_eq!(cache.evaluated(), 3);
    }

    #[test]
    fn the_builds_vary_work_is_bounded() {
        let cache = EvaluationCache::default();
        assert!(cache.charge_vary_work(30, 50));
        assert!(!cache.charge_vary_work(30, 50));
        assert!(
            !cache.charge_vary_work(0, 50),
            "later exercises are refused too"
        );
        let mut cache = cache;
        cache.start_build();
        assert!(
            cache.charge_vary_work(30, 50),
            "a new build starts at nothing"
        );
    }
}
