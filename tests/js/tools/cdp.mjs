// A headless Chromium driven through the DevTools protocol over a pipe, for the tools in this
// folder. `--remote-debugging-pipe` makes Chromium read commands from its file descriptor 3 and
// write replies and events to 4, each message JSON ended by a NUL byte, so no WebSocket (absent
// from Node 20) and no port are needed. Not a test: `node --test tests/js/` does not pick it up.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts Chromium (`CHROMIUM`, else `chromium` on PATH); resolves to a connected browser. */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'worked-chromium-'));
  const child = spawn(process.env.CHROMIUM || 'chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--hide-scrollbars',
    `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  const browser = new Browser(child, profile);
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(new Error(`cannot start Chromium: ${error.message}`)));
  });
  return browser;
}

class Browser {
  constructor(child, profile) {
    this.child = child;
    this.profile = profile;
    this.nextId = 1;
    this.waiting = new Map();
    this.listeners = [];
    let buffer = '';
    child.stdio[4].on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        this.receive(message);
      }
    });
    child.on('exit', () => {
      for (const { reject } of this.waiting.values()) reject(new Error('Chromium exited'));
      this.waiting.clear();
    });
  }

  receive(message) {
    if (message.id && this.waiting.has(message.id)) {
      const { resolve, reject, method } = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
      return;
    }
    this.listeners = this.listeners.filter((listener) => !listener(message));
  }

  /** Sends one protocol command (to a page when `sessionId` is given); resolves to its result. */
  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
      this.child.stdio[3].write(JSON.stringify(message) + '\0');
    });
  }

  /** Resolves with the first event `method` of `sessionId`. */
  once(method, sessionId) {
    return new Promise((resolve) => {
      this.listeners.push((message) => {
        if (message.method !== method || message.sessionId !== sessionId) return false;
        resolve(message.params);
        return true;
      });
    });
  }

  /** A new tab, attached: `{ send(method, params), goto(url), evaluate(expression) }`. */
  async page() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => this.send(method, params, sessionId);
    await send('Page.enable');
    await send('Runtime.enable');
    return {
      send,
      goto: async (url) => {
        const loaded = this.once('Page.loadEventFired', sessionId);
        await send('Page.navigate', { url });
        await loaded;
      },
      evaluate: async (expression) => {
        const { result, exceptionDetails } = await send('Runtime.evaluate', {
          expression, awaitPromise: true, returnByValue: true,
        });
        if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
        return result.value;
      },
      close: () => this.send('Target.closeTarget', { targetId }),
    };
  }

  /** Ends Chromium and removes its profile. */
  async close() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.send('Browser.close').catch(() => {});
    await exited;
    rmSync(this.profile, { recursive: true, force: true });
  }
}
