import { fileLoaderNode, loaderIcon } from '../loader.js';
import { readTextFile } from '../readers/text.js';

/** The extensions Flowise's Text File loader offers (text, markup and source code). */
export const TEXT_FILE_TYPES =
  '.txt, .html, .aspx, .asp, .cpp, .c, .cs, .css, .go, .h, .java, .js, .less, .ts, .php, .proto, .python, .py, .rst, .ruby, .rb, .rs, .scala, .sc, .scss, .sol, .sql, .swift, .markdown, .md, .tex, .ltx, .vb, .xml';

export const textFile = fileLoaderNode({
  label: 'Text File',
  name: 'textFile',
  version: 3,
  description: 'Reads text files as they are: notes, Markdown, markup and source code',
  icon: loaderIcon('TXT'),
  file: { label: 'Txt File', name: 'txtFile', fileType: TEXT_FILE_TYPES },
  reader: () => readTextFile,
});
