import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpStub {
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server, sockets: Set<Socket>): Promise<TcpStub> {
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A server that accepts connections and never says a word (a database that hangs). */
export function silentServer(): Promise<TcpStub> {
  const sockets = new Set<Socket>();
  return listen(
    createServer(() => {}),
    sockets,
  );
}

/**
 * Speaks just enough of PostgreSQL's protocol to ask for a clear-text password and record what the
 * client sends, then hangs up: shows what a driver would send to a server typed into a flow.
 */
export async function passwordCatcher(): Promise<TcpStub & { passwords: string[] }> {
  const passwords: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    let started = false;
    socket.on('data', (data: Buffer) => {
      if (!started) {
        started = true;
        // AuthenticationCleartextPassword: 'R', length 8, code 3.
        const ask = Buffer.alloc(9);
        ask.write('R', 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5);
        socket.write(ask);
        return;
      }
      if (data[0] === 0x70) passwords.push(data.subarray(5, data.length - 1).toString('utf8'));
      socket.destroy();
    });
  });
  return Object.assign(await listen(server, sockets), { passwords });
}
