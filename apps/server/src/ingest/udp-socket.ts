import type dgram from 'node:dgram';

/** Binds a UDP listener's socket; resolves with the port it got (port 0: any free one). */
export function bindUdp(socket: dgram.Socket, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => resolve(socket.address().port));
  });
}

/** Closes a UDP listener's socket. */
export function closeUdp(socket: dgram.Socket): Promise<void> {
  return new Promise((resolve) => socket.close(() => resolve()));
}
