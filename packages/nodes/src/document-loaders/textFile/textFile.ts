import { loaderIcon, loaderNode, readFiles } from '../loader.js';
import { readTextFile } from '../readers/text.js';

/** The extensions Flowise's Text File loader offers (text, markup and source code). */
export const TEXT_FILE_TYPES =
  '.txt, .html, .aspx, .asp, .cpp, .c, .cs, .css, .go, .h, .java, .js, .less, .ts, .php, .proto, .python, .py, .rst, .ruby, .rb, .rs, .scala, .sc, .scss, .sol, .sql, .swift, .markdown, .md, .tex, .ltx, .vb, .xml';

export const textFile = loaderNode({
  label: 'Text File',
  name: 'textFile',
  version: 3,
  description: 'Reads text files as they are: notes, Markdown, markup and source code',
  icon: loaderIcon('TXT'),
  inputs: [{ label: 'Txt File', name: 'txtFile', type: 'file', fileType: TEXT_FILE_TYPES }],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.txtFile, { label: 'Txt File' });
    return files.flatMap(readTextFile);
  },
});
