import { describe, expect, it } from 'vitest';
import { chatbotTheme, DEFAULT_LEAD_SUCCESS, starterPromptsOf } from './chatbotTheme';

describe('chatbotTheme', () => {
  it('reads the Share Chatbot settings, with the Flowise defaults for what is not set', () => {
    const theme = chatbotTheme(
      {
        title: 'Shop helper',
        titleAvatarSrc: 'https://cdn.example/bot.png',
        titleBackgroundColor: '#112233',
        welcomeMessage: 'Hi there',
        fontSize: 18,
        botMessage: { backgroundColor: '#eeeeee', textColor: 'black', showAvatar: true },
        userMessage: { backgroundColor: 'rgb(1, 2, 3)', showAvatar: false },
        textInput: { placeholder: 'Ask the shop', sendButtonColor: '#ff0000' },
        renderHTML: true,
        chatFeedback: { status: true },
        followUpPrompts: { status: true },
        generateNewSession: true,
        overrideConfig: { temperature: 0.1 },
      },
      'Flow name',
    );
    expect(theme).toMatchObject({
      title: 'Shop helper',
      titleAvatarSrc: 'https://cdn.example/bot.png',
      titleBackgroundColor: '#112233',
      titleTextColor: '#ffffff',
      welcomeMessage: 'Hi there',
      backgroundColor: '#ffffff',
      appearance: {
        fontSize: 18,
        renderHTML: true,
        bot: { backgroundColor: '#eeeeee', textColor: 'black', showAvatar: true },
        user: { backgroundColor: 'rgb(1, 2, 3)', showAvatar: false },
      },
      textInput: { placeholder: 'Ask the shop', sendButtonColor: '#ff0000' },
      feedback: true,
      followUpPrompts: true,
      generateNewSession: true,
      overrideConfig: { temperature: 0.1 },
    });
    expect(chatbotTheme({}, 'Flow name')).toMatchObject({
      title: 'Flow name',
      titleBackgroundColor: '#3B81F6',
      feedback: false,
      starterPrompts: [],
      appearance: { renderHTML: false },
    });
  });

  it('ignores colours and pictures that are not plainly a colour or an address', () => {
    const theme = chatbotTheme(
      {
        titleBackgroundColor: 'red; } body { display: none',
        titleAvatarSrc: 'javascript:alert(1)',
        botMessage: { avatarSrc: 'file:///etc/passwd', backgroundColor: 'url(https://x)' },
      },
      'F',
    );
    expect(theme.titleBackgroundColor).toBe('#3B81F6');
    expect(theme.titleAvatarSrc).toBeUndefined();
    expect(theme.appearance.bot).toEqual({ showAvatar: false });
  });

  it('takes starter prompts as an array or as the saved {"0": {prompt}} object, without blanks', () => {
    expect(starterPromptsOf(['What is a bot?', '', 'Who are you?'])).toEqual([
      'What is a bot?',
      'Who are you?',
    ]);
    expect(
      starterPromptsOf({ 0: { prompt: 'Track my order' }, 1: { prompt: ' ' }, 2: { prompt: 'Returns?' } }),
    ).toEqual(['Track my order', 'Returns?']);
    expect(starterPromptsOf('nope')).toEqual([]);
  });

  it('shows a lead form only when it is on and asks at least one field', () => {
    expect(chatbotTheme({ leads: { status: true } }, 'F').leads).toBeUndefined();
    expect(chatbotTheme({ leads: { status: false, email: true } }, 'F').leads).toBeUndefined();
    expect(chatbotTheme({ leads: { status: true, email: true, title: 'Reach you?' } }, 'F').leads).toEqual({
      title: 'Reach you?',
      successMessage: DEFAULT_LEAD_SUCCESS,
      name: false,
      email: true,
      phone: false,
    });
  });
});
