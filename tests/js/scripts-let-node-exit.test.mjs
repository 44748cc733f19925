// Every reader script that Node tests load must let Node exit once their work is done: a script
// that opens a listening port, an interval or a worker as it loads keeps the event loop alive,
// and a differential test that requires it never ends (a MessageChannel opened at load time
// held CI until its limit). Run with `node --test tests/js/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const scripts = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../static/js');
const pageTool = new URL('./tools/compute-widget-page.mjs', import.meta.url).href;

/** The scripts that export for Node, found by their `module.exports`. */
const exported = readdirSync(scripts)
  .filter((name) => name.endsWith('.js'))
  .filter((name) => readFileSync(path.join(scripts, name), 'utf8').includes('module.exports'));

test('the scripts that export for Node are found', () => {
  for (const name of ['compute-lang.js', 'compute-widget.js', 'widget-common.js']) {
    assert.ok(exported.includes(name), name);
  }
});

for (const name of exported) {
  test(`requiring ${name} lets Node exit`, () => {
    // Loaded as the Node tests load it: the compute widget as tools/compute-widget-page.mjs
    // loads it, the others need no page.
    const program = name === 'compute-widget.js'
      ? `import(${JSON.stringify(pageTool)}).then((page) => page.requireComputeWidget());`
      : `require(${JSON.stringify(path.join(scripts, name))});`;
    const run = spawnSync(process.execPath, ['-e', program], { timeout: 20000, encoding: 'utf8' });
    assert.equal(run.signal, null, `${name} kept Node running until it was killed`);
    assert.equal(run.status, 0, run.stderr);
  });
}
