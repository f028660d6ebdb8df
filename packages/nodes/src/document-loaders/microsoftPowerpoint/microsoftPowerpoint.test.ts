import { describe, expect, it } from 'vitest';
import { dataUri, handmadeZip, loadWith, pptxBytes, zerosDeflated } from '../test-fixtures.js';
import { microsoftPowerpoint } from './microsoftPowerpoint.js';

describe('Microsoft PowerPoint loader', () => {
  it('reads one document per slide in the order of the presentation', async () => {
    const bytes = pptxBytes([['Welcome', 'Agenda for today'], [], ['Thanks & goodbye']]);
    const docs = await loadWith(microsoftPowerpoint, { powerpointFile: dataUri('talk.pptx', bytes) });
    // The empty second slide gives no document; the third keeps its number.
    expect(docs).toEqual([
      {
        pageContent: 'Welcome\nAgenda for today',
        metadata: { source: 'talk.pptx', slideNumber: 1, documentType: 'powerpoint' },
      },
      {
        pageContent: 'Thanks & goodbye',
        metadata: { source: 'talk.pptx', slideNumber: 3, documentType: 'powerpoint' },
      },
    ]);
  });

  it('refuses slides that unpack past the limit', async () => {
    const bomb = handmadeZip([
      { name: 'ppt/slides/slide1.xml', deflated: zerosDeflated(210), declaredSize: 10 },
    ]);
    await expect(
      loadWith(microsoftPowerpoint, { powerpointFile: dataUri('bomb.pptx', bomb) }),
    ).rejects.toThrow(/bomb.pptx expands to more than \d+ MB/);
  });

  it('says an old .ppt must be saved as .pptx', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(loadWith(microsoftPowerpoint, { powerpointFile: dataUri('old.ppt', ole) })).rejects.toThrow(
      'old.ppt is an old binary PowerPoint file (.ppt)',
    );
  });
});
