import type uPlot from 'uplot';

type UPlot = typeof uPlot;
let loading: Promise<UPlot> | null = null;

/**
 * uPlot and its stylesheet, fetched the first time a chart is drawn: only the organiser's Sales and
 * Check-in tabs ever ask, so no other page carries it (decision 039). A failed fetch is forgotten,
 * so the next chart tries again.
 */
export function loadUplot(): Promise<UPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
    .then(([m]) => m.default)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
