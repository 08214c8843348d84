/**
 * The small link between the footer's launcher and the chat widget, which the layout mounts only after the first
 * request (the widget, its machine and its streaming client load on demand, never with the first page). The
 * launcher's clicks reach the widget's machine through here; the widget reports back whether its panel is open, so
 * the launcher can say so (aria-expanded). This file is in the first bundle of `/`: keep it tiny and import-free.
 */

/** The launcher's and the panel's element ids (aria-controls, focus return). */
export const launcherId = 'chat-launcher';
export const chatPanelId = 'chat-panel';

export interface DockState {
  /** The widget has been asked for: the layout mounts it (and keeps it, so the conversation lives on). */
  mounted: boolean;
  /** The widget's panel is open, as the widget last reported. */
  open: boolean;
  /** Loading the widget's code failed; the next request tries again. */
  loadFailed: boolean;
  /** Bumped on each retry after a failed load, so the layout asks for the code afresh. */
  attempt: number;
}

const initialState: DockState = { mounted: false, open: false, loadFailed: false, attempt: 0 };

let state = initialState;
let handler: (() => void) | null = null;
/** Toggles asked for before the widget had loaded. */
let queued = 0;
const listeners = new Set<() => void>();

function update(patch: Partial<DockState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export const chatDock = {
  getState: (): DockState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** From the launcher: a toggle for the widget, or kept until the widget has loaded and connected. */
  request(): void {
    if (handler) return handler();
    queued += 1;
    if (!state.mounted) update({ mounted: true, loadFailed: false });
  },

  /** The widget takes the toggles (first those that waited for it) until it disconnects. */
  connect(toggle: () => void): () => void {
    handler = toggle;
    const waiting = queued;
    queued = 0;
    for (let i = 0; i < waiting; i += 1) toggle();
    return () => {
      if (handler === toggle) handler = null;
    };
  },

  reportOpen(open: boolean): void {
    if (open !== state.open) update({ open });
  },

  loadFailed(): void {
    queued = 0;
    update({ mounted: false, open: false, loadFailed: true, attempt: state.attempt + 1 });
  },

  /** Tests only: back to a page that has never opened the chat. */
  reset(): void {
    handler = null;
    queued = 0;
    state = initialState;
    listeners.forEach((listener) => listener());
  },
};
