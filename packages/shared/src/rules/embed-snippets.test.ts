import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CHATBOT_DEFAULTS, embedTheme } from './chatbot-config.js';
import { apiSnippets } from './api-snippets.js';
import { EMBED_SCRIPT_URL, embedSnippets, flowApiTraits } from './embed-snippets.js';

const base = { apiHost: 'http://localhost:3000/', flowId: 'flow-1' };

describe('embedSnippets', () => {
  it('writes the popup and full-page widget scripts for this server and flow', () => {
    const code = embedSnippets(base);
    expect(code.popupHtml).toBe(
      [
        '<script type="module">',
        `  import Chatbot from "${EMBED_SCRIPT_URL}";`,
        '  Chatbot.init({',
        '    chatflowid: "flow-1",',
        '    apiHost: "http://localhost:3000"',
        '  });',
        '</script>',
      ].join('\n'),
    );
    expect(code.fullpageHtml.split('\n')[0]).toBe('<flowise-fullchatbot></flowise-fullchatbot>');
    expect(code.fullpageHtml).toContain('Chatbot.initFull({');
  });

  it('writes React components with the same props; the full page fills its container', () => {
    const code = embedSnippets(base);
    expect(code.popupReact).toContain('import { BubbleChat } from "flowise-embed-react";');
    expect(code.popupReact).toContain(
      '      chatflowid="flow-1"\n      apiHost="http://localhost:3000"\n    />',
    );
    expect(code.fullpageReact).toContain('<FullPageChat');
    expect(code.fullpageReact).toContain('theme={{ chatWindow: { height: "100%", width: "100%" } }}');
  });

  it('adds chatflowConfig, observersConfig and the theme when the chat config is shown', () => {
    const theme = embedTheme({ ...CHATBOT_DEFAULTS, title: 'Harbor' }, false);
    const code = embedSnippets({ ...base, theme });
    // The object in the script is JavaScript holding the theme: run it in a fresh context.
    const object = code.popupHtml.slice(
      code.popupHtml.indexOf('init(') + 5,
      code.popupHtml.lastIndexOf(');'),
    );
    const parsed = runInNewContext(`(${object})`) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(parsed))).toMatchObject({
      chatflowid: 'flow-1',
      chatflowConfig: {},
      observersConfig: {},
      theme,
    });
    expect(code.popupReact).toContain('chatflowConfig={{}}');
    expect(code.popupReact).toContain('"title": "Harbor"');
  });
});

describe('embedTheme', () => {
  it('sizes the full page to its container and the popup to a window, and carries the settings', () => {
    const popup = embedTheme(CHATBOT_DEFAULTS, false) as {
      button: unknown;
      chatWindow: Record<string, unknown>;
    };
    expect(popup.button).toMatchObject({ backgroundColor: '#3B81F6' });
    expect(popup.chatWindow).toMatchObject({ height: 700, width: 400, fontSize: 16 });
    expect(popup.chatWindow).not.toHaveProperty('title');
    const full = embedTheme(CHATBOT_DEFAULTS, true) as Record<string, Record<string, unknown>>;
    expect(full).not.toHaveProperty('button');
    expect(full.chatWindow).toMatchObject({ height: '100%', width: '100%' });
  });
});

describe('flowApiTraits', () => {
  const flow = (nodes: unknown[]) => JSON.stringify({ nodes, edges: [] });

  it('asks for form data when a node has a file input, and sees session memory', () => {
    expect(
      flowApiTraits(
        flow([
          { data: { name: 'pdfFile', inputParams: [{ name: 'pdfFile', type: 'file' }] } },
          { data: { name: 'bufferMemory', inputs: { sessionId: '' } } },
        ]),
      ),
    ).toEqual({ formData: true, sessionMemory: true });
  });

  it('reads an agentflow Start input type, and survives broken flow data', () => {
    expect(
      flowApiTraits(flow([{ data: { name: 'startAgentflow', inputs: { startInputType: 'formInput' } } }])),
    ).toEqual({ formData: false, sessionMemory: false, startInputType: 'formInput', formExample: {} });
    expect(flowApiTraits('{broken')).toEqual({ formData: false, sessionMemory: false });
    expect(flowApiTraits(null)).toEqual({ formData: false, sessionMemory: false });
  });
});

describe('a Start form in the examples', () => {
  it('gives an example value of each form field by its type', () => {
    const rows = [
      { type: 'string', name: 'city' },
      { type: 'number', name: 'guests' },
      { type: 'boolean', name: 'pets' },
      { type: 'options', name: 'room', addOptions: [{ option: 'suite' }, { option: 'single' }] },
      { type: 'string', label: 'no name' },
    ];
    const traits = flowApiTraits(
      JSON.stringify({
        nodes: [
          {
            data: {
              name: 'startAgentflow',
              inputs: { startInputType: 'formInput', formInputTypes: JSON.stringify(rows) },
            },
          },
        ],
      }),
    );
    expect(traits.formExample).toEqual({ city: 'example', guests: 1, pets: true, room: 'suite' });
  });

  it('sends the form instead of a question, as JSON and as a form field', () => {
    const snippets = apiSnippets({ baseUrl: 'http://h', flowId: 'f', form: { city: 'example' } });
    expect(snippets.json.curl).toContain(`-d '{"form":{"city":"example"}}'`);
    expect(snippets.formData.curl).toContain(`-F 'form={"city":"example"}'`);
    expect(snippets.formData.curl).not.toContain('question');
  });
});
