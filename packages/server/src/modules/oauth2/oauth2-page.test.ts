import { describe, expect, it } from 'vitest';
import { callbackPage } from './oauth2-page.js';

describe('OAuth2 callback page', () => {
  it('reports to the app origin only, runs by nonce, and escapes what the provider said', () => {
    const { html, policy } = callbackPage(
      {
        type: 'OAUTH2_ERROR',
        success: false,
        error: 'access_denied',
        message: '</script><script>alert(1)</script> & <b>no</b>',
      },
      'https://flows.example',
    );
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)![1]!;
    expect(policy).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(
      '&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#60;b&#62;no&#60;/b&#62;',
    );
    expect(html).toContain('\\u003c/script\\u003e');
    expect(html).toContain('postMessage(report, "https://flows.example")');
    expect(
      callbackPage({ type: 'OAUTH2_SUCCESS', success: true, credentialId: 'c1', message: 'ok' }, 'x').policy,
    ).not.toBe(policy);
  });
});
