import { BlockList, isIP } from 'node:net';

/**
 * Whether a request was made on the machine the server runs on: the sandbox's test controls answer such requests
 * without a sign-in (docs/decisions/190-sandbox-controls-for-their-owners.md). Judged from the connection's peer
 * address, which a client cannot write, never from Host or X-Forwarded-For, which it can (decision 080).
 */

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 or ::1; BlockList also matches IPv4 written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  return family !== 0 && loopback.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

/** Headers a proxy adds when it relays a request: a relayed request's client is somewhere else. */
const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A loopback peer that no proxy relayed. A proxy on this machine connects from loopback for every visitor, so its
 * forwarding headers (whatever TRUST_PROXY says of them) mark the request as not this machine's own.
 */
export function isFromThisMachine(req: {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && forwardingHeaders.every((name) => req.headers[name] === undefined);
}
