import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chatflow } from '@flowloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeEditor, setCode } from '../../test/codeEditor';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FlowConfigDialog } from './FlowConfigDialog';

const base: Chatflow = {
  id: 'flow-1',
  name: 'Support bot',
  flowData: '{"nodes":[],"edges":[]}',
  deployed: false,
  isPublic: false,
  apikeyid: null,
  chatbotConfig: JSON.stringify({ titleBackgroundColor: '#3B81F6' }),
  apiConfig: JSON.stringify({ overrideConfig: { status: false } }),
  analytic: null,
  speechToText: null,
  textToSpeech: null,
  followUpPrompts: null,
  category: null,
  type: 'CHATFLOW',
  workspaceId: 'ws-1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let puts: Record<string, unknown>[];
let putStatus: number;

beforeEach(() => {
  puts = [];
  putStatus = 200;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    if (init?.method === 'PUT') {
      const body = jsonBodyOf(init) as Record<string, unknown>;
      puts.push(body);
      return putStatus === 200
        ? json({ ...base, ...body, updatedDate: new Date().toISOString() })
        : json({ message: 'apiConfig.rateLimit: Need to fill all rate limit input fields' }, putStatus);
    }
    if (url.includes('/credentials'))
      return json([{ id: 'cred-1', name: 'My OpenAI', credentialName: 'openAIApi' }]);
    if (url.includes('/text-to-speech/voices'))
      return json([
        { id: 'alloy', name: 'Alloy' },
        { id: 'nova', name: 'Nova' },
      ]);
    if (url.includes('/flow-config/'))
      return json([
        {
          node: 'ChatOpenAI',
          nodeId: 'chatOpenAI_0',
          label: 'Temperature',
          name: 'temperature',
          type: 'number',
        },
        {
          node: 'ChatOpenAI',
          nodeId: 'chatOpenAI_0',
          label: 'Model Name',
          name: 'modelName',
          type: 'options',
        },
      ]);
    if (url.includes('/variables')) return json([{ id: 'v-1', name: 'region', type: 'static' }]);
    return json({});
  });
});
afterEach(() => vi.restoreAllMocks());

function open(flow: Partial<Chatflow> = {}, isAgent = false) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <FlowConfigDialog flow={{ ...base, ...flow }} isAgent={isAgent} onClose={onClose} />,
  );
  return { ...view, onClose };
}

async function goTo(section: string) {
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Configuration sections' })).getByText(section),
  );
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const column = (index: number, name: string) =>
  JSON.parse(puts[index]![name] as string) as Record<string, unknown>;

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the Configuration dialog', { timeout: 30_000 }, () => {
  it('is titled by the flow kind and shows every section in its group, enabled ones marked', () => {
    open(
      {
        apiConfig: JSON.stringify({
          rateLimit: { status: true, limitMax: '1', limitDuration: '1', limitMsg: 'x' },
        }),
      },
      true,
    );
    expect(screen.getByRole('heading', { name: 'Agents Configuration' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Configuration sections' }));
    for (const group of ['General', 'Chat', 'Media & Files', 'Advanced'])
      expect(nav.getByText(group)).toBeInTheDocument();
    expect(nav.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Rate Limit',
      'Allowed Domains',
      'Leads',
      'Starter Prompts',
      'Follow-up Prompts',
      'Chat Feedback',
      'Speech to Text',
      'Text to Speech',
      'File Upload',
      'Post Processing',
      'MCP Server',
      'Override Config',
    ]);
    expect(screen.getByRole('status', { name: 'Rate Limit is on' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Leads is on' })).not.toBeInTheDocument();
    expect(screen.queryByText('Analytics')).not.toBeInTheDocument();
  });

  it('Rate Limit: refuses a partial limit, then saves apiConfig keeping its other keys', async () => {
    open();
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Rate Limit' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Message Limit per Duration' }), '5');
    await save();
    expect(screen.getByText('Need to fill all rate limit input fields')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Duration in Second' }), '60');
    await userEvent.type(screen.getByRole('textbox', { name: 'Limit Message' }), 'Slow down');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'apiConfig')).toEqual({
      overrideConfig: { status: false },
      rateLimit: { status: true, limitMax: '5', limitDuration: '60', limitMsg: 'Slow down' },
    });
    expect(await screen.findByText('Rate Limit Configuration Saved')).toBeInTheDocument();
  });

  it("shows the server's message when a save is refused", async () => {
    putStatus = 400;
    open();
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Rate Limit' }));
    await save();
    expect(
      await screen.findByText(/Failed to save Rate Limit: .*Need to fill all rate limit input fields/),
    ).toBeInTheDocument();
  });

  it('Starter Prompts and Allowed Domains: rows saved into chatbotConfig, theme keys kept', async () => {
    open();
    await goTo('Starter Prompts');
    expect(
      screen.getByText('Starter prompts will only be shown when there are no messages on the chat'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt 1' }), 'What can you do?');
    await userEvent.click(screen.getByRole('button', { name: 'Add prompt' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt 2' }), 'Pricing?');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'chatbotConfig')).toEqual({
      titleBackgroundColor: '#3B81F6',
      starterPrompts: { 0: { prompt: 'What can you do?' }, 1: { prompt: 'Pricing?' } },
    });

    await goTo('Allowed Domains');
    await userEvent.type(screen.getByRole('textbox', { name: 'Domain 1' }), 'https://example.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Error Message' }), 'Not here');
    await save();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(column(1, 'chatbotConfig')).toMatchObject({
      allowedOrigins: ['https://example.com'],
      allowedOriginsError: 'Not here',
    });
  });

  it('Leads: cannot be saved on without a field; saves the chosen fields', async () => {
    open();
    await goTo('Leads');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Lead Capture' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Email Address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Form Title' }), 'Reach you?');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'chatbotConfig').leads).toEqual({
      status: true,
      name: false,
      email: true,
      phone: false,
      title: 'Reach you?',
    });
  });

  it('Chat Feedback and File Upload save their keys', async () => {
    open();
    await goTo('Chat Feedback');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable chat feedback' }));
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'chatbotConfig').chatFeedback).toEqual({ status: true });

    await goTo('File Upload');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Full File Upload' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'CSV' }));
    await userEvent.click(screen.getByRole('radio', { name: 'One document per file' }));
    await save();
    await waitFor(() => expect(puts).toHaveLength(2));
    const upload = column(1, 'chatbotConfig').fullFileUpload as { allowedUploadFileTypes: string };
    expect(upload).toMatchObject({ status: true, pdfFile: { usage: 'perFile' } });
    expect(upload.allowedUploadFileTypes.split(',')).not.toContain('text/csv');
    expect(upload.allowedUploadFileTypes.split(',')).toContain('application/pdf');
  });

  it('Post Processing: needs a function, stores it JSON-encoded', async () => {
    open();
    await goTo('Post Processing');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('table', { name: 'Available Variables' })).toHaveTextContent('$flow.rawOutput');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Post Processing' }));
    setCode(await codeEditor(document.body, 'JS Function'), 'return $flow.rawOutput + "!";');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'chatbotConfig').postProcessing).toEqual({
      enabled: true,
      customFunction: JSON.stringify('return $flow.rawOutput + "!";'),
    });
  });

  it('Follow-up Prompts: provider, credential and model saved in both columns', async () => {
    open();
    await goTo('Follow-up Prompts');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Follow-up Prompts' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await choose('Connect Credential', 'My OpenAI');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'chatbotConfig').followUpPrompts).toEqual({ status: true });
    expect(column(0, 'followUpPrompts')).toMatchObject({
      status: true,
      selectedProvider: 'chatOpenAI',
      chatOpenAI: { credentialId: 'cred-1', modelName: 'gpt-4o-mini', temperature: 0.9 },
    });
    expect((column(0, 'followUpPrompts').chatOpenAI as { prompt: string }).prompt).toContain('{history}');
  });

  it('Speech to Text and Text to Speech: one provider on, with its credential', async () => {
    open();
    await goTo('Speech to Text');
    await choose('Speech To Text Provider', 'OpenAI Whisper');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await choose('Connect Credential', 'My OpenAI');
    await userEvent.type(screen.getByRole('textbox', { name: 'Language' }), 'en');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'speechToText')).toEqual({
      openAIWhisper: { status: true, credentialId: 'cred-1', language: 'en' },
      none: { status: false },
    });

    await goTo('Text to Speech');
    await choose('Text To Speech Provider', 'OpenAI TTS');
    await choose('Connect Credential', 'My OpenAI');
    await choose('Voice', 'Nova');
    await save();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(column(1, 'textToSpeech')).toEqual({
      openai: { status: true, credentialId: 'cred-1', voice: 'nova', autoPlay: false },
      none: { status: false },
    });
  });

  it('Override Config: lists the flow inputs and variables, saves only those turned on', async () => {
    open();
    await goTo('Override Config');
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Override Configuration' }));
    await userEvent.click(await screen.findByText('ChatOpenAI'));
    // The override table is the one the API dialog shows, with its switch names.
    await userEvent.click(screen.getByRole('switch', { name: 'Allow overriding temperature of ChatOpenAI' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Allow overriding variable region' }));
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(column(0, 'apiConfig').overrideConfig).toEqual({
      status: true,
      nodes: { ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }] },
      variables: [{ id: 'v-1', name: 'region', type: 'static', enabled: true }],
    });
  });
});
