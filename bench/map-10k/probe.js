// Injected before any page script (page.addInitScript) by bench/map-10k.ts and bench/fleet-first-load.ts.
// - frame times (requestAnimationFrame deltas) and long tasks between start() and stop();
// - the first MapLibre tile of the 'vehicles' source that holds features, seen on the worker
//   messages (MapLibre 'LT'/'RT' loadTile requests and their '<response>'), and the frame after it;
// - React commits, through a minimal DevTools hook (React calls it in production builds too);
// - bytes and messages received on WebSockets (the realtime socket).
(() => {
  if (window.top !== window) return;
  const B = (window.__bench = {
    frames: [], longtasks: [], recording: false, t0: 0, t1: 0,
    firstVehicleTileAt: null, firstVehicleFrameAt: null, vehicleTiles: 0, toWorker: 0,
    commits: 0, fibers: 0, countFibers: false, lagging: false, lags: [], wsMessages: 0, wsBytes: 0, firstRowAt: null, canvasAt: null,
  });

  // When the list's first row and the map's canvas appear (for the first-load benchmark).
  const seen = new MutationObserver(() => {
    if (B.canvasAt === null && document.querySelector('canvas.maplibregl-canvas')) B.canvasAt = performance.now();
    if (B.firstRowAt === null && document.querySelector('li[data-unit]')) B.firstRowAt = performance.now();
    if (B.canvasAt !== null && B.firstRowAt !== null) seen.disconnect();
  });
  seen.observe(document, { childList: true, subtree: true });

  B.start = () => {
    B.frames = [];
    B.recording = true;
    B.t0 = performance.now();
    B.c0 = { commits: B.commits, fibers: B.fibers, toWorker: B.toWorker, vehicleTiles: B.vehicleTiles, wsMessages: B.wsMessages, wsBytes: B.wsBytes };
    let last = -1;
    const loop = (t) => {
      if (!B.recording) return;
      if (last >= 0) B.frames.push(t - last);
      last = t;
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  };
  B.stop = () => {
    B.recording = false;
    B.t1 = performance.now();
    const d = (k) => B[k] - B.c0[k];
    return {
      seconds: (B.t1 - B.t0) / 1000, frames: B.frames,
      counts: { commits: d('commits'), fibers: d('fibers'), toWorker: d('toWorker'), vehicleTiles: d('vehicleTiles'), wsMessages: d('wsMessages'), wsBytes: d('wsBytes') },
    };
  };
  /** Long tasks that started inside the last window (entries arrive just after their task). */
  B.longTasksIn = () => B.longtasks.filter((e) => e.start >= B.t0 && e.start < B.t1).map((e) => e.duration);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no long task API */ }

  // MapLibre's worker messages: find the first 'vehicles' tile that came back with buckets.
  const NativeWorker = window.Worker;
  const asked = new Set();
  const hasBuckets = (data) => {
    if (!data || typeof data !== 'object') return false;
    const b = data.buckets;
    return Array.isArray(b) && b.length > 0;
  };
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', (e) => {
        const m = e.data;
        if (!m || m.type !== '<response>' || !asked.has(m.id)) return;
        asked.delete(m.id);
        if (!hasBuckets(m.data)) return;
        B.vehicleTiles += 1;
        if (B.firstVehicleTileAt === null) {
          B.firstVehicleTileAt = performance.now();
          // The tile is drawn in the next rendered frame; the second callback runs after it.
          requestAnimationFrame(() => requestAnimationFrame(() => { B.firstVehicleFrameAt ??= performance.now(); }));
        }
      });
    }
    postMessage(m, t) {
      B.toWorker += 1;
      if (m && (m.type === 'LT' || m.type === 'RT') && m.data && m.data.source === B.source) asked.add(m.id);
      return super.postMessage(m, t);
    }
  };
  B.source = 'vehicles';

  // React DevTools hook: counts commits, and (only when countFibers is set: it costs) the function
  // and memo components that rendered in each commit.
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const countRendered = (root) => {
    let n = 0;
    const stack = [root.current];
    while (stack.length) {
      const f = stack.pop();
      for (let c = f.child; c; c = c.sibling) {
        if ((c.flags & PERFORMED_WORK) && COMPONENT_TAGS.has(c.tag)) n += 1;
        // A subtree React bailed out of keeps its old fibers (same child as the alternate): skip it.
        if (c.child && (!c.alternate || c.alternate.child !== c.child)) stack.push(c);
      }
    }
    return n;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onCommitFiberRoot(_id, root) {
      B.commits += 1;
      if (B.countFibers) B.fibers += countRendered(root);
    },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
  };

  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        B.wsMessages += 1;
        B.wsBytes += typeof e.data === 'string' ? e.data.length : (e.data.byteLength ?? e.data.size ?? 0);
        // Diagnostic window only (parsing costs): how old each vehicle update is when it arrives
        // (the bench's devices stamp their records with the send time, on the same clock).
        if (B.lagging && typeof e.data === 'string' && e.data.startsWith('42["vehicles:update"')) {
          const at = Date.now();
          for (const u of JSON.parse(e.data.slice(2))[1]) B.lags.push(at - Date.parse(u.updated));
        }
      });
    }
  };
})();
