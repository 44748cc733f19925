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
//! The cache holds what the last build used: [`EvaluationCache::start_build`] lets go of the
//! rest, so a long `serve` session keeps no more than one build's evaluations (which the
//! book's value budget bounds) besides those of the build under way.

use super::blocks::{BlockError, ExampleKind, ParsedExample};
use super::value_budget::ValueBudget;
use crate::compute::vary::{DrawError, Drawn};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// What an example's values follow from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ExampleIdentity {
    pub(crate) kind: ExampleKind,
    pub(crate) text: String,
}

/// An example's evaluation: its values, or the problems its block has.
pub(crate) type Evaluation = Result<ParsedExample, Vec<BlockError>>;

/// What every seed of a `[vary]` plan gives, seed 1 first.
pub(crate) type SeedRuns = Arc<[Result<Drawn, DrawError>]>;

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
    examples: Kept<ExampleIdentity, Evaluation>,
    /// By the plan as JSON (the plan the page embeds).
    seeds: Kept<String, SeedRuns>,
    evaluated: AtomicUsize,
}

impl EvaluationCache {
    /// The evaluation of `identity`, from the cache or made by `evaluate` (at most once per
    /// identity, even when several threads ask at once).
    pub(crate) fn example(
        &self,
        identity: ExampleIdentity,
        evaluate: impl FnOnce() -> Evaluation,
    ) -> Evaluation {
        self.examples.get_or_make(identity, || {
            self.evaluated.fetch_add(1, Ordering::Relaxed);
            evaluate()
        })
    }

    /// What each of `seeds` seeds of the `[vary]` plan written as `plan` gives, from the cache
    /// or made by `run` (counted as one evaluation per seed).
    pub(crate) fn seed_runs(
        &self,
        plan: String,
        seeds: u64,
        run: impl Fn(u64) -> Result<Drawn, DrawError>,
    ) -> SeedRuns {
        self.seeds.get_or_make(plan, || {
            self.evaluated.fetch_add(seeds as usize, Ordering::Relaxed);
            (1..=seeds).map(run).collect()
        })
    }

    /// Starts a build: what the build before did not use is let go, and what it used waits
    /// to be asked for again.
    pub fn start_build(&mut self) {
        self.examples.start_build();
        self.seeds.start_build();
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
    /// Left from the build before; moved to `current` when used again.
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

    fn start_build(&mut self) {
        let slots = self
            .slots
            .get_mut()
            .unwrap_or_else(|poison| poison.into_inner());
        slots.previous = std::mem::take(&mut slots.current);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(text: &str) -> ExampleIdentity {
        ExampleIdentity {
            kind: ExampleKind::Compute,
            text: text.to_string(),
        }
    }

    fn failing(message: &str) -> Evaluation {
        Err(vec![BlockError::new(0..1, message)])
    }

    #[test]
    fn an_example_is_evaluated_once_and_kept_for_the_next_build_only_if_used() {
        let mut cache = EvaluationCache::default();
        cache.start_build();
        let first = cache.example(identity("a"), || failing("a"));
        let again = cache.example(identity("a"), || panic!("evaluated twice"));
        assert_eq!(first.unwrap_err()[0].message, "a");
        assert_eq!(again.unwrap_err()[0].message, "a");
        let _ = cache.example(identity("b"), || failing("b"));
        assert_eq!(cache.evaluated(), 2);

        cache.start_build();
        let _ = cache.example(identity("a"), || panic!("a was kept"));
        assert_eq!(cache.evaluated(), 2);
        cache.start_build();
        // "b" went unused for a build, so it was let go.
        let _ = cache.example(identity("b"), || failing("b"));
        assert_eq!(cache.evaluated(), 3);
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
        let runs = cache.seed_runs("plan".to_string(), 3, fail);
        assert_eq!(runs.len(), 3);
        assert_eq!(runs[2].as_ref().unwrap_err().message, "seed 3");
        cache.seed_runs("plan".to_string(), 3, |_| panic!("run twice"));
        assert_eq!(cache.evaluated(), 3);
    }
}
