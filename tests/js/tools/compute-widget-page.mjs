// static/js/compute-widget.js loaded as a page loads it, for the Node tests that drive it
// without a page: the widget looks for its own <script> (there is none) and registers with
// widget-common.js (`start`, given here: the page's would mount its figures), and it reads the
// shape of values from step-explain.js, which the page lists before it. Scripts already loaded
// (worked-format.js…) keep their place in `globalThis.worked`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** compute-widget.js's exports, `start(spec)` standing for widget-common.js's. */
export function requireComputeWidget(start = () => {}) {
  globalThis.document = { currentScript: null, querySelector: () => null };
  (globalThis.worked = globalThis.worked || {}).widgetCommon = { start };
  require('../../../static/js/step-explain.js');
  return require('../../../static/js/compute-widget.js');
}
