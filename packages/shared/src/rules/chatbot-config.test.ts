import { describe, expect, it } from 'vitest';
import { createChatflowBody, updateChatflowBody } from '../chatflow.js';
import {
  CHATBOT_DEFAULTS,
  chatbotSettingsOf,
  chatbotSettingsProblem,
  mergeChatbotSettings,
  parseChatbotConfig,
} from './chatbot-config.js';

const flow = { agentCanvas: false, sessionMemory: false };

describe('chatbotSettingsOf', () => {
  it('shows the defaults of SHARING.md §3.2 when nothing is saved', () => {
    expect(chatbotSettingsOf({})).toEqual(CHATBOT_DEFAULTS);
    expect(CHATBOT_DEFAULTS).toMatchObject({
      titleBackgroundColor: '#3B81F6',
      fontSize: 16,
      botMessage: { backgroundColor: '#f7f8ff', textColor: '#303235', showAvatar: false },
      userMessage: { backgroundColor: '#3B81F6', textColor: '#ffffff' },
      textInput: { sendButtonColor: '#3B81F6' },
    });
  });

  it('reads saved values, including a font size saved as text', () => {
    const settings = chatbotSettingsOf({
      title: 'Harbor',
      fontSize: '18',
      botMessage: { backgroundColor: '#000000', showAvatar: true },
    });
    expect(settings.title).toBe('Harbor');
    expect(settings.fontSize).toBe(18);
    expect(settings.botMessage).toEqual({
      ...CHATBOT_DEFAULTS.botMessage,
      backgroundColor: '#000000',
      showAvatar: true,
    });
  });

  it('treats broken column text as nothing saved', () => {
    expect(parseChatbotConfig('{nope')).toEqual({});
    expect(parseChatbotConfig('[1]')).toEqual({});
  });
});

describe('mergeChatbotSettings', () => {
  const existing = {
    starterPrompts: { 0: { prompt: 'Hi' } },
    leads: { status: true },
    title: 'Old title',
    botMessage: { backgroundColor: '#111111', extra: 'kept' },
  };

  it('keeps the keys other dialogs own and writes colours, switches and renderHTML always', () => {
    const merged = mergeChatbotSettings(existing, { ...CHATBOT_DEFAULTS, title: 'New' }, flow);
    expect(merged).toMatchObject({
      starterPrompts: { 0: { prompt: 'Hi' } },
      leads: { status: true },
      title: 'New',
      titleBackgroundColor: '#3B81F6',
      renderHTML: false,
      fontSize: 16,
      botMessage: { backgroundColor: '#f7f8ff', textColor: '#303235', showAvatar: false, extra: 'kept' },
      userMessage: { showAvatar: false },
    });
  });

  it('removes a cleared text instead of keeping the old one', () => {
    const merged = mergeChatbotSettings(existing, { ...CHATBOT_DEFAULTS, title: '  ' }, flow);
    expect(merged).not.toHaveProperty('title');
    expect(merged).not.toHaveProperty('welcomeMessage');
    expect(merged.textInput).not.toHaveProperty('placeholder');
  });

  it('writes showAgentMessages on agent canvases only and generateNewSession with session memory only', () => {
    const settings = { ...CHATBOT_DEFAULTS, generateNewSession: true };
    expect(mergeChatbotSettings({}, settings, flow)).not.toHaveProperty('showAgentMessages');
    expect(mergeChatbotSettings({}, settings, flow)).not.toHaveProperty('generateNewSession');
    expect(mergeChatbotSettings({}, settings, { agentCanvas: true, sessionMemory: true })).toMatchObject({
      showAgentMessages: true,
      generateNewSession: true,
    });
  });
});

describe('the chatbotConfig column check', () => {
  it('accepts what the Share Chatbot form saves and keys it does not know', () => {
    const merged = mergeChatbotSettings(
      { allowedOrigins: [''], custom: { deep: 1 } },
      CHATBOT_DEFAULTS,
      flow,
    );
    expect(updateChatflowBody.safeParse({ chatbotConfig: JSON.stringify(merged) }).success).toBe(true);
    expect(updateChatflowBody.safeParse({ chatbotConfig: merged }).success).toBe(true);
    expect(updateChatflowBody.safeParse({ chatbotConfig: null }).success).toBe(true);
  });

  it('refuses a config that is not an object, too large, or has wrongly typed settings', () => {
    const message = (chatbotConfig: unknown) =>
      updateChatflowBody.safeParse({ chatbotConfig }).error?.issues[0]?.message;
    // One check of the column on create and update (flowSettingsProblem), in its wording.
    expect(message('[1,2]')).toBe('chatbotConfig must be a JSON object');
    expect(message('"text"')).toBe('chatbotConfig must be a JSON object');
    expect(message('{not json')).toBe('chatbotConfig must be valid JSON');
    expect(message(JSON.stringify({ title: 5 }))).toBe('chatbotConfig: Title must be text');
    expect(message(JSON.stringify({ fontSize: 400 }))).toBe('chatbotConfig: Font size must be at most 48');
    expect(message(JSON.stringify({ botMessage: { showAvatar: 'yes' } }))).toBe(
      'chatbotConfig: Bot message show avatar must be true or false',
    );
    expect(message(JSON.stringify({ blob: 'x'.repeat(200_001) }))).toBe(
      'chatbotConfig must be at most 200000 characters',
    );
    expect(
      createChatflowBody.safeParse({
        name: 'x',
        type: 'CHATFLOW',
        chatbotConfig: { title: 'y'.repeat(2_001) },
      }).error?.issues[0]?.message,
    ).toBe('chatbotConfig: Title is too long: at most 2000 characters');
  });

  it('gives the form the same verdict before it saves', () => {
    expect(chatbotSettingsProblem(CHATBOT_DEFAULTS)).toBeUndefined();
    expect(chatbotSettingsProblem({ ...CHATBOT_DEFAULTS, fontSize: 2 })).toBe('Font size must be at least 8');
  });
});
