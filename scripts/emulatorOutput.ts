/**
 * Why the Firebase Auth Emulator stopped, read from what firebase-tools printed: which port it could not take. Its
 * hub and logging ports are found free by firebase-tools itself (firebase.json names only their host), so the port
 * named here is normally the auth port of firebase.json.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ansi = /\u001b\[[0-9;]*m/g;

export function emulatorFailure(output: string): string | undefined {
  const text = output.replace(ansi, '');
  const fixed = /Port (\d+) is not open on ([^,\s]+)[^,]*, could not start ([^.\n]+)/.exec(text);
  if (fixed) return `port ${fixed[1]} on ${fixed[2]} is taken by another program (the ${fixed[3]}'s port in firebase.json)`;
  const none = /Could not find any open port in (\d+)-\d+ for ([^\n]+)/.exec(text);
  if (none) return `no free port from ${none[1]} up for the ${none[2]!.trim()}`;
  const taken = /Could not start ([^,\n]+), port taken/.exec(text);
  if (taken) return `the ${taken[1]}'s port is taken by another program`;
  return undefined;
}

/** The last lines of a child's output, kept so its failure can be explained; older output is dropped. */
export function outputTail(maxChars = 16_000) {
  let text = '';
  return {
    add(chunk: Buffer | string) {
      text = (text + chunk.toString()).slice(-maxChars);
    },
    get text() {
      return text;
    },
  };
}
