#!/usr/bin/env node
// ort_bench.js - times one ONNX model in ONNX Runtime (onnxruntime-node, CPU
// execution provider), the peer PaddleDNN's OCR models are compared with.
//
//   node ort_bench.js --model FILE --shape N,3,H,W [--shape ...]
//        [--threads 2] [--warmup 5] [--min-runs 30] [--min-seconds 1.5]
//        [--max-runs 1000] [--input x.npy] [--output-npy out.npy]
//        [--dump-input x.npy] [--wait-load L [--wait-max-seconds 900]]
//
// One session per process: executionProviders ['cpu'], intraOpNumThreads =
// --threads, interOpNumThreads 1, executionMode 'sequential',
// graphOptimizationLevel 'all', logSeverityLevel 3 (errors only). For each
// shape: --warmup untimed calls, then timed calls (process.hrtime around
// `await session.run`) until at least --min-runs calls and --min-seconds
// seconds (at most --max-runs calls). Prints one JSON line per shape on
// stdout. Each row also has others_cpu: the cores' worth of CPU time that
// other processes took during the timed calls (from /proc/stat minus this
// process's own CPU time; 0.2 or more means the numbers are disturbed).
//
// --wait-load L: before each shape, wait (5 s polls, at most
// --wait-max-seconds) until the 1-minute load average is below L.
//
// Input: the deterministic pattern below, or the float32 tensor of --input
// (a .npy file; its shape replaces --shape). --output-npy writes the model's
// first output for each shape (with several shapes, the shape is inserted
// before the extension: out.1x3x48x192.npy), so ORT's numbers can be
// compared with PaddleDNN's on the same input.
//
// Deterministic input, reproducible in any language without libm: a 32-bit
// LCG, s = (1664525 * s + 1013904223) mod 2^32 starting from s = 0x12345678,
// and element i (C order) = (s_{i+1} >>> 8) / 2^23 - 1 (exact in float32,
// uniform in [-1, 1)). `--dump-input x.npy` writes the input that was fed
// (deterministic or read), for feeding the same tensor to PaddleDNN.
//
// onnxruntime-node is looked up as a normal module first (NODE_PATH), then
// in ${PDNN_ORT_CACHE:-/work/cache/ort}/node_modules (benchmarks/ocr/setup-ort.sh).

'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

function usage(msg) {
  if (msg) process.stderr.write(`ort_bench.js: ${msg}\n`);
  process.stderr.write(
    'usage: node ort_bench.js --model FILE --shape N,3,H,W [--shape ...] ' +
      '[--threads 2] [--warmup 5] [--min-runs 30] [--min-seconds 1.5] ' +
      '[--max-runs 1000] [--input x.npy] [--output-npy out.npy] ' +
      '[--dump-input x.npy] [--wait-load L] [--wait-max-seconds 900]\n');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = {
    model: null, shapes: [], threads: 2, warmup: 5, minRuns: 30,
    minSeconds: 1.5, maxRuns: 1000, input: null, outputNpy: null,
    dumpInput: null, waitLoad: null, waitMaxSeconds: 900,
  };
  const num = (v, name) => {
    const x = Number(v);
    if (!Number.isFinite(x) || x < 0) usage(`bad value for ${name}: ${v}`);
    return x;
  };
  for (let i = 0; i < argv.length; ++i) {
    let a = argv[i];
    let v;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && eq > 0) {
      v = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    const next = () => {
      if (v !== undefined) return v;
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case '--model': opts.model = next(); break;
      case '--shape': {
        const s = next().split(/[,x]/).map((d) => Number(d));
        if (s.length === 0 || s.some((d) => !Number.isInteger(d) || d <= 0))
          usage('--shape wants positive integers, e.g. 1,3,48,192');
        opts.shapes.push(s);
        break;
      }
      case '--threads': opts.threads = num(next(), a); break;
      case '--warmup': opts.warmup = num(next(), a); break;
      case '--min-runs': opts.minRuns = num(next(), a); break;
      case '--min-seconds': opts.minSeconds = num(next(), a); break;
      case '--max-runs': opts.maxRuns = num(next(), a); break;
      case '--input': opts.input = next(); break;
      case '--output-npy': opts.outputNpy = next(); break;
      case '--dump-input': opts.dumpInput = next(); break;
      case '--wait-load': opts.waitLoad = num(next(), a); break;
      case '--wait-max-seconds': opts.waitMaxSeconds = num(next(), a); break;
      case '-h': case '--help': usage();
      default: usage(`unknown argument ${a}`);
    }
  }
  if (!opts.model) usage('--model is required');
  if (!opts.input && opts.shapes.length === 0) usage('--shape or --input is required');
  if (opts.input && opts.shapes.length > 1) usage('--input takes its one shape from the file');
  return opts;
}

// ---- .npy (float32 little-endian, C order) --------------------------------

function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.length < 10 || buf[0] !== 0x93 || buf.toString('latin1', 1, 6) !== 'NUMPY')
    throw new Error(`${file}: not a .npy file`);
  const major = buf[6];
  let headerLen, offset;
  if (major === 1) { headerLen = buf.readUInt16LE(8); offset = 10; }
  else if (major === 2 || major === 3) { headerLen = buf.readUInt32LE(8); offset = 12; }
  else throw new Error(`${file}: .npy version ${major} not supported`);
  const header = buf.toString('latin1', offset, offset + headerLen);
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header);
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header);
  const shapeM = /'shape'\s*:\s*\(([^)]*)\)/.exec(header);
  if (!descr || !fortran || !shapeM) throw new Error(`${file}: bad .npy header ${header}`);
  if (fortran[1] === 'True') throw new Error(`${file}: Fortran order not supported`);
  const shape = shapeM[1].split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  const count = shape.reduce((a, b) => a * b, 1);
  const dataStart = offset + headerLen;
  const data = new Float32Array(count);
  if (descr[1] === '<f4' || descr[1] === '=f4' || descr[1] === '|f4') {
    if (buf.length < dataStart + 4 * count) throw new Error(`${file}: truncated`);
    for (let i = 0; i < count; ++i) data[i] = buf.readFloatLE(dataStart + 4 * i);
  } else if (descr[1] === '<f8') {
    if (buf.length < dataStart + 8 * count) throw new Error(`${file}: truncated`);
    for (let i = 0; i < count; ++i) data[i] = buf.readDoubleLE(dataStart + 8 * i);
  } else {
    throw new Error(`${file}: dtype ${descr[1]} not supported (float32 or float64 only)`);
  }
  return { shape, data };
}

function writeNpy(file, shape, data) {
  const shapeStr = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shapeStr}, }`;
  // Version 1.0: magic (6) + version (2) + length (2) + header, padded with
  // spaces and ending in '\n' so that the data start is 64-byte aligned.
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header + ' '.repeat(total - 10 - header.length - 1) + '\n';
  const out = Buffer.alloc(total + 4 * data.length);
  out[0] = 0x93;
  out.write('NUMPY', 1, 'latin1');
  out[6] = 1;
  out[7] = 0;
  out.writeUInt16LE(header.length, 8);
  out.write(header, 10, 'latin1');
  for (let i = 0; i < data.length; ++i) out.writeFloatLE(data[i], total + 4 * i);
  fs.writeFileSync(file, out);
}

// ---- helpers ----------------------------------------------------------------

function deterministicInput(count) {
  const data = new Float32Array(count);
  let s = 0x12345678;
  for (let i = 0; i < count; ++i) {
    s = (Math.imul(1664525, s) + 1013904223) >>> 0;
    data[i] = (s >>> 8) / 8388608 - 1;
  }
  return data;
}

function loadOrt() {
  try {
    return require('onnxruntime-node');
  } catch (e) {
    const cache = process.env.PDNN_ORT_CACHE || '/work/cache/ort';
    const p = path.join(cache, 'node_modules', 'onnxruntime-node');
    try {
      return require(p);
    } catch (e2) {
      process.stderr.write(
        `ort_bench.js: onnxruntime-node not found (NODE_PATH, ${p}); ` +
          'run benchmarks/ocr/setup-ort.sh first\n');
      process.exit(3);
    }
  }
}

function ortVersion() {
  const cache = process.env.PDNN_ORT_CACHE || '/work/cache/ort';
  for (const p of [path.join(cache, 'node_modules', 'onnxruntime-node', 'package.json')]) {
    try { return JSON.parse(fs.readFileSync(p, 'utf8')).version; } catch (e) { /* next */ }
  }
  try { return require('onnxruntime-node/package.json').version; } catch (e) { return null; }
}

function load() {
  return os.loadavg().map((x) => Math.round(x * 100) / 100);
}

// Busy and total CPU time of the whole machine (seconds, from /proc/stat), so
// that the time other processes took during the timed calls can be reported.
function machineCpu() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const hz = 100; // USER_HZ on Linux
    const idle = (f[3] || 0) + (f[4] || 0);
    const total = f.slice(0, 8).reduce((a, b) => a + (b || 0), 0);
    return { busy: (total - idle) / hz };
  } catch (e) {
    return null;
  }
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

async function waitForLoad(limit, maxSeconds) {
  const start = Date.now();
  while (os.loadavg()[0] >= limit) {
    if ((Date.now() - start) / 1000 > maxSeconds) {
      process.stderr.write(`ort_bench.js: load stayed >= ${limit} for ${maxSeconds} s; running anyway\n`);
      return false;
    }
    await sleep(5000);
  }
  return true;
}

function median(sorted) {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

function round3(x) {
  return Math.round(x * 1000) / 1000;
}

function outputPath(base, shape, several) {
  if (!several) return base;
  const ext = path.extname(base) || '.npy';
  return base.slice(0, base.length - path.extname(base).length) + '.' + shape.join('x') + ext;
}

// ---- main -------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const ort = loadOrt();
  const session = await ort.InferenceSession.create(opts.model, {
    executionProviders: ['cpu'],
    intraOpNumThreads: opts.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Errors only: the detector's ONNX declares a fixed 640x640 output and
    // ORT would log a shape warning on every call at any other size.
    logSeverityLevel: 3,
  });
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];

  let cases;
  if (opts.input) {
    const npy = readNpy(opts.input);
    cases = [{ shape: npy.shape, data: npy.data }];
  } else {
    cases = opts.shapes.map((shape) => ({
      shape, data: deterministicInput(shape.reduce((a, b) => a * b, 1)),
    }));
  }

  for (const c of cases) {
    if (opts.dumpInput)
      writeNpy(outputPath(opts.dumpInput, c.shape, cases.length > 1), c.shape, c.data);
    const feeds = { [inputName]: new ort.Tensor('float32', c.data, c.shape) };

    let waited = null;
    if (opts.waitLoad !== null) waited = await waitForLoad(opts.waitLoad, opts.waitMaxSeconds);

    // The first call (not timed) gives the output for --output-npy.
    const first = await session.run(feeds);
    const out = first[outputName];
    if (opts.outputNpy)
      writeNpy(outputPath(opts.outputNpy, c.shape, cases.length > 1), out.dims, out.data);
    let absSum = 0;
    for (let i = 0; i < out.data.length; ++i) absSum += Math.abs(out.data[i]);

    for (let i = 0; i < opts.warmup; ++i) await session.run(feeds);

    const loadBefore = load();
    const cpuBefore = machineCpu();
    const ownBefore = process.cpuUsage();
    const times = [];
    const start = process.hrtime.bigint();
    for (;;) {
      const t0 = process.hrtime.bigint();
      await session.run(feeds);
      const t1 = process.hrtime.bigint();
      times.push(Number(t1 - t0) / 1e6);
      const elapsed = Number(t1 - start) / 1e9;
      if (times.length >= opts.maxRuns) break;
      if (times.length >= opts.minRuns && elapsed >= opts.minSeconds) break;
    }
    const loadAfter = load();
    const wall = Number(process.hrtime.bigint() - start) / 1e9;
    const cpuAfter = machineCpu();
    const own = process.cpuUsage(ownBefore);
    // Cores' worth of CPU that other processes used while we were timing
    // (0 on a quiet machine; 1 means one core was taken from us on average).
    const others = cpuBefore && cpuAfter
      ? Math.max(0, (cpuAfter.busy - cpuBefore.busy - (own.user + own.system) / 1e6) / wall)
      : null;
    const sorted = times.slice().sort((a, b) => a - b);
    const row = {
      runtime: 'onnxruntime-node',
      ort_version: ortVersion(),
      model: path.basename(opts.model),
      input: opts.input ? path.basename(opts.input) : 'lcg',
      shape: c.shape,
      output: outputName,
      output_shape: out.dims,
      output_abs_mean: out.data.length ? absSum / out.data.length : 0,
      threads: opts.threads,
      warmup: opts.warmup,
      runs: times.length,
      median_ms: round3(median(sorted)),
      min_ms: round3(sorted[0]),
      max_ms: round3(sorted[sorted.length - 1]),
      mean_ms: round3(times.reduce((a, b) => a + b, 0) / times.length),
      load_before: loadBefore,
      load_after: loadAfter,
      others_cpu: others === null ? null : Math.round(others * 100) / 100,
    };
    if (waited !== null) row.load_wait_ok = waited;
    process.stdout.write(JSON.stringify(row) + '\n');
  }
}

main().catch((e) => {
  process.stderr.write(`ort_bench.js: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
