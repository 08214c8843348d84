import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorFailure, outputTail } from '../../scripts/emulatorOutput';

/**
 * Hardening round 2, finding 10: `npm start` said only "the Firebase Auth Emulator stopped unexpectedly (exit code 2)"
 * when a port was taken. The lines below are what firebase-tools 15 prints, copied from runs on this machine.
 */

describe('why the Auth Emulator stopped', () => {
  it('names the auth port another program holds', () => {
    const output = [
      '\u001b[33m⚠ \u001b[39m \u001b[1mauth:\u001b[22m Port 9099 is not open on 127.0.0.1, could not start Authentication Emulator.',
      '⚠  auth: To select a different host/port, specify that host/port in a firebase.json config file:',
      'Error: Could not start Authentication Emulator, port taken.',
    ].join('\n');
    expect(emulatorFailure(output)).toBe(
      "port 9099 on 127.0.0.1 is taken by another program (the Authentication Emulator's port in firebase.json)",
    );
  });

  it('says when no port was free for the hub', () => {
    expect(emulatorFailure('Error: Could not find any open port in 4400-65535 for Emulator Hub')).toBe(
      'no free port from 4400 up for the Emulator Hub',
    );
  });

  it('falls back to the summary line, and says nothing when it does not know', () => {
    expect(emulatorFailure('Error: Could not start Authentication Emulator, port taken.')).toBe(
      "the Authentication Emulator's port is taken by another program",
    );
    expect(emulatorFailure('⚠  hub: emulator hub unable to start on port 4400, starting on 4401 instead.')).toBeUndefined();
  });

  it('keeps only the last part of a long output', () => {
    const tail = outputTail(10);
    tail.add('0123456789');
    tail.add(Buffer.from('abc'));
    expect(tail.text).toBe('3456789abc');
  });
});

describe('firebase.json', () => {
  it('lets firebase-tools choose free hub and logging ports on IPv4 loopback, so only the auth port can be taken', () => {
    const { emulators } = JSON.parse(readFileSync(path.resolve('firebase.json'), 'utf8')) as {
      emulators: Record<string, { host?: string; port?: number }>;
    };
    expect(emulators.auth).toEqual({ host: '127.0.0.1', port: 9099 });
    for (const helper of ['hub', 'logging']) {
      expect(emulators[helper], helper).toEqual({ host: '127.0.0.1' });
    }
  });
});
