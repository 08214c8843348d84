/** Settles once the app's tree is first committed in the browser (root.tsx): hydrated, so its buttons are live. */
let markHydrated = () => {};
export const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
export const markAppHydrated = () => markHydrated();
