import 'server-only';
import type * as TF from '@tensorflow/tfjs-core';
import type { ScoredBox } from './tiles';

/*
 * face-api's SSD MobileNet v1 (its weights, its layers) run on an input of any size.
 *
 * face-api squeezes every input into 512 × 512 because its anchor boxes are a fixed table for
 * that size. The network itself is convolutional, so a wider input only means a wider grid of the
 * same anchors: each feature map's cells keep their stride (16 … 512 px) and each cell its anchor
 * sizes in pixels, read once from face-api's table. A panorama's band then goes through in one
 * pass instead of overlapping windows (panorama-views.ts). Batch normalisation is folded into the
 * depthwise filters, and bias and ReLU6 fused into each convolution: a third fewer kernels.
 * On a 512 × 512 input the faces found are face-api's own (tests/unit/blurring/ssd-forward.test.ts).
 */

type Tf = typeof TF;
type T4 = TF.Tensor4D;
type T1 = TF.Tensor1D;

interface Pointwise {
  filters: T4;
  batch_norm_offset: T1;
}
interface Depthwise extends Pointwise {
  batch_norm_scale: T1;
  batch_norm_mean: T1;
  batch_norm_variance: T1;
}
interface Predictor {
  box_encoding_predictor: { filters: T4; bias: T1 };
  class_predictor: { filters: T4; bias: T1 };
}
/** face-api's SsdMobilenetv1 `params` (src/ssdMobilenetv1/types.ts). */
export interface SsdParams {
  mobilenetv1: { conv_0: Pointwise } & Record<`conv_${number}`, { depthwise_conv: Depthwise; pointwise_conv: Pointwise }>;
  prediction_layer: Record<`conv_${number}`, Pointwise> & Record<`box_predictor_${number}`, Predictor>;
  output_layer: { extra_dim: TF.Tensor3D };
}

/** face-api's batch-norm epsilon (mobileNetV1.ts). */
const EPSILON = 0.0010000000474974513;
/** The feature maps' sizes at face-api's 512 × 512, finest first: each is one anchor level. */
const GRID_AT_512 = [32, 16, 8, 4, 2, 1];
/** face-api's non-maximum suppression (SsdMobilenetv1.locateFaces). */
const IOU_THRESHOLD = 0.5;
const MAX_RESULTS = 200;

interface Prepared {
  depthwise: { filter: T4; bias: T1 }[];
  /** Per level: the anchors' [height, width] in input pixels. */
  anchors: [number, number][][];
}

const prepared = new WeakMap<SsdParams, Prepared>();

/** Batch norm folded into the depthwise filters (per channel: scale / √(variance + ε)), and the anchor sizes. */
async function prepare(tf: Tf, params: SsdParams): Promise<Prepared> {
  const known = prepared.get(params);
  if (known) return known;
  const depthwise = Array.from({ length: 13 }, (_, i) =>
    tf.tidy(() => {
      const d = params.mobilenetv1[`conv_${i + 1}`]!.depthwise_conv;
      const k = tf.div(d.batch_norm_scale, tf.sqrt(tf.add(d.batch_norm_variance, EPSILON)));
      return { filter: tf.mul(d.filters, tf.reshape(k, [1, 1, -1, 1])) as T4, bias: tf.sub(d.batch_norm_offset, tf.mul(d.batch_norm_mean, k)) as T1 };
    }),
  );
  const table = (await params.output_layer.extra_dim.data()) as Float32Array;
  const anchors: [number, number][][] = [];
  let offset = 0;
  GRID_AT_512.forEach((grid, level) => {
    const perCell = params.prediction_layer[`box_predictor_${level}`]!.class_predictor.bias.shape[0] / 3;
    anchors.push(Array.from({ length: perCell }, (_, a) => [(table[(offset + a) * 4 + 2]! - table[(offset + a) * 4]!) * 512, (table[(offset + a) * 4 + 3]! - table[(offset + a) * 4 + 1]!) * 512]));
    offset += grid * grid * perCell;
  });
  const ready = { depthwise, anchors };
  prepared.set(params, ready);
  return ready;
}

/** The six feature maps' box encodings and class logits, finest first. */
function forward(tf: Tf, params: SsdParams, ready: Prepared, input: T4): { box: T4; cls: T4 }[] {
  return tf.tidy(() => {
    const pointwise = (x: T4, p: Pointwise, stride: number) => tf.fused.conv2d({ x, filter: p.filters, strides: stride, pad: 'same', bias: p.batch_norm_offset, activation: 'relu6' });
    const { mobilenetv1: net, prediction_layer: head } = params;
    let x = pointwise(input, net.conv_0, 2);
    let conv11 = x;
    for (let layer = 1; layer <= 13; layer++) {
      const { filter, bias } = ready.depthwise[layer - 1]!;
      const stride = [2, 4, 6, 12].includes(layer) ? 2 : 1;
      x = tf.fused.depthwiseConv2d({ x, filter, strides: stride, pad: 'same', bias, activation: 'relu6' });
      x = pointwise(x, net[`conv_${layer}`]!.pointwise_conv, 1);
      if (layer === 11) conv11 = x;
    }
    const maps = [conv11, x];
    let y = x;
    for (let i = 0; i < 8; i += 2) {
      y = pointwise(pointwise(y, head[`conv_${i}`]!, 1), head[`conv_${i + 1}`]!, 2);
      maps.push(y);
    }
    const conv = (m: T4, p: { filters: T4; bias: T1 }) => tf.fused.conv2d({ x: m, filter: p.filters, strides: 1, pad: 'same', bias: p.bias });
    return maps.map((m, level) => {
      const p = head[`box_predictor_${level}`]!;
      return { box: conv(m, p.box_encoding_predictor), cls: conv(m, p.class_predictor) };
    });
  });
}

function iou(a: ScoredBox, b: ScoredBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * Faces in an RGB input of `width` × `height` already scaled to the network's −1 … 1, in input
 * pixels, after face-api's non-maximum suppression.
 */
export async function detectSsd(tf: Tf, params: SsdParams, pixels: Float32Array, width: number, height: number, minScore: number): Promise<ScoredBox[]> {
  const ready = await prepare(tf, params);
  const input = tf.tensor4d(pixels, [1, height, width, 3]);
  const maps = forward(tf, params, ready, input);
  input.dispose();
  const minLogit = Math.log(minScore / (1 - minScore));
  const candidates: ScoredBox[] = [];
  try {
    for (const [level, { box, cls }] of maps.entries()) {
      const [, rows, cols] = cls.shape;
      const stride = 512 / GRID_AT_512[level]!;
      const anchors = ready.anchors[level]!;
      const logits = (await cls.data()) as Float32Array;
      const encodings = (await box.data()) as Float32Array;
      for (let cell = 0; cell < rows * cols; cell++) {
        const cy = (Math.floor(cell / cols) + 0.5) * stride;
        const cx = ((cell % cols) + 0.5) * stride;
        for (let a = 0; a < anchors.length; a++) {
          const i = cell * anchors.length + a;
          if (logits[i * 3 + 1]! <= minLogit) continue;
          const [ah, aw] = anchors[a]!;
          const [ty, tx, th, tw] = encodings.subarray(i * 4, i * 4 + 4);
          const yc = (ty! / 10) * ah + cy;
          const xc = (tx! / 10) * aw + cx;
          const h = Math.exp(th! / 5) * ah;
          const w = Math.exp(tw! / 5) * aw;
          candidates.push({ x: xc - w / 2, y: yc - h / 2, width: w, height: h, score: 1 / (1 + Math.exp(-logits[i * 3 + 1]!)) });
        }
      }
    }
  } finally {
    for (const { box, cls } of maps) tf.dispose([box, cls]);
  }
  // Suppressed before clamping to the input, as face-api does.
  const kept: ScoredBox[] = [];
  for (const c of candidates.sort((a, b) => b.score - a.score)) {
    if (kept.length >= MAX_RESULTS) break;
    if (kept.every((k) => iou(k, c) <= IOU_THRESHOLD)) kept.push(c);
  }
  return kept.flatMap((b) => {
    const x = Math.max(0, b.x);
    const y = Math.max(0, b.y);
    const w = Math.min(width, b.x + b.width) - x;
    const h = Math.min(height, b.y + b.height) - y;
    return w > 0 && h > 0 ? [{ x, y, width: w, height: h, score: b.score }] : [];
  });
}
