import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HtmlText } from './HtmlText';

describe('HtmlText (the chatbot\'s "Render HTML")', () => {
  it('keeps text elements, safe links and https pictures', () => {
    const { container } = render(
      <HtmlText
        text={
          '<p>Open <b>daily</b> <a href="https://shop.example/hours" onclick="x()">hours</a></p><img src="https://cdn.example/a.png" alt="map">'
        }
      />,
    );
    expect(container.querySelector('p b')?.textContent).toBe('daily');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://shop.example/hours');
    expect(link.getAttribute('onclick')).toBeNull();
    expect(link.getAttribute('target')).toBe('_blank');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/a.png');
  });

  it('drops scripts, styles, handlers, script links and other pictures, keeping the text', () => {
    const { container } = render(
      <HtmlText
        text={
          '<div style="position:fixed" onmouseover="steal()">Hi <script>alert(1)</script><a href="javascript:alert(2)">there</a></div><img src="http://tracker.example/p.gif" onerror="x()"><object data="https://evil.example/x"></object><form action="https://evil.example"><input name="card">Pay</form>'
        }
      />,
    );
    expect(container.innerHTML).not.toMatch(
      /script|onmouseover|onerror|javascript:|object|style=|<form|<input/i,
    );
    expect(container.textContent).toContain('Hi there');
    expect(container.textContent).toContain('Pay');
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders text without markup as Markdown', () => {
    const { container } = render(<HtmlText text={'A **bold** claim'} />);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });
});
