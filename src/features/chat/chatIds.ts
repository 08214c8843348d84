/** The launcher's and the panel's element ids (aria-controls, focus return). */
export const launcherId = 'chat-launcher';
export const chatPanelId = 'chat-panel';
