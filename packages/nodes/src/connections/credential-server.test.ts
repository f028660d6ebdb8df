import { describe, expect, it } from 'vitest';
import type { NodeType } from '@flowloom/engine';
import { nodeContext } from '../testing/node-context.js';
import {
  credentialServer,
  hostPortServer,
  parseHostPort,
  urlServer,
  type ServerRule,
} from './credential-server.js';

const probe: NodeType = {
  icon: '',
  definition: {
    label: 'Probe',
    name: 'probe',
    version: 1,
    type: 'Probe',
    category: 'Test',
    description: 'A node to test connection rules with',
    baseClasses: ['Probe'],
    inputs: [],
  },
};

const rule = (typed: string | undefined, more: Partial<ServerRule> = {}): ServerRule => ({
  service: 'Probe',
  typed,
  secretField: 'apiKey',
  serverField: 'serverUrl',
  serverFieldLabel: 'Server URL',
  form: urlServer,
  ...more,
});

const ctx = (credential: Record<string, unknown>) => nodeContext(probe, { credential });

describe('credentialServer', () => {
  it('uses a typed server as it is when the credential holds no secret', async () => {
    expect(await credentialServer(ctx({}), rule('http://mine:6333'))).toMatchObject({
      server: 'http://mine:6333',
      hasSecret: false,
    });
  });

  it('sends a secret to the credential’s server, else to the default', async () => {
    expect(
      (await credentialServer(ctx({ apiKey: 'k', serverUrl: 'https://q.example' }), rule(undefined))).server,
    ).toBe('https://q.example');
    expect(
      (
        await credentialServer(
          ctx({ apiKey: 'k' }),
          rule(undefined, { defaultServer: 'https://api.example' }),
        )
      ).server,
    ).toBe('https://api.example');
    expect((await credentialServer(ctx({ apiKey: 'k' }), rule(undefined))).server).toBeUndefined();
  });

  it('accepts the credential’s server written another way, and refuses any other', async () => {
    const credential = { apiKey: 'k', serverUrl: 'https://q.example' };
    expect((await credentialServer(ctx(credential), rule('https://q.example:443/'))).server).toBe(
      'https://q.example:443/',
    );
    await expect(credentialServer(ctx(credential), rule('https://evil.example'))).rejects.toThrow(
      'Probe: https://evil.example is not where this node\'s credential may be sent (https://q.example). To use this server, enter it as "Server URL" in the credential on the Credentials page',
    );
    await expect(credentialServer(ctx({ apiKey: 'k' }), rule('https://q.example'))).rejects.toThrow(
      '(the credential names no server)',
    );
  });

  it('reads the server field from the stored credential when the node names one', async () => {
    const base = nodeContext(probe, {
      credential: { apiKey: 'k', serverUrl: 'https://evil.example' },
      services: {
        credentials: {
          get: () =>
            Promise.resolve({ credentialName: 'x', data: { apiKey: 'k', serverUrl: 'https://q.example' } }),
        },
      },
    });
    const withId = { ...base, node: { ...base.node, credential: 'cred-1' } };
    await expect(credentialServer(withId, rule('https://evil.example'))).rejects.toThrow(/is not where/);
    expect((await credentialServer(withId, rule(undefined))).server).toBe('https://q.example');
  });
});

describe('server forms', () => {
  it('splits host and port, IPv6 included', () => {
    expect(parseHostPort('DB.example.com', 5432)).toEqual({ host: 'db.example.com', port: 5432 });
    expect(parseHostPort('db:6543', 5432)).toEqual({ host: 'db', port: 6543 });
    expect(parseHostPort('[::1]:3307', 3306)).toEqual({ host: '::1', port: 3307 });
    expect(parseHostPort('::1', 3306)).toEqual({ host: '::1', port: 3306 });
    expect(parseHostPort('postgres://db:5433/x', 5432)).toEqual({ host: 'db', port: 5433 });
  });

  it('compares host:port with the default port filled in, and URLs by origin and path', () => {
    const form = hostPortServer(5432);
    expect(form('db')).toBe(form('DB:5432'));
    expect(form('db:6543')).not.toBe(form('db'));
    expect(urlServer('http://h:80/api/')).toBe(urlServer('http://h/api'));
    expect(urlServer('http://h/api')).not.toBe(urlServer('http://h/other'));
  });
});
