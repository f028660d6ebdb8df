import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatBubble } from './ChatBubble';
import { applyStreamEvent, fromHistoryRow, type ChatMessage } from './chatMessages';
import { ChatFlowContext } from './chatFlowContext';

const answer: ChatMessage = { key: 'm1', role: 'apiMessage', content: 'Here is the chart', status: 'done' };

describe('what an answer produced, in the chat', () => {
  it('shows pictures the server keeps for the chat, and offers cited files for download', () => {
    let message = applyStreamEvent(answer, {
      event: 'artifacts',
      data: [{ type: 'png', data: 'FILE-STORAGE::chart.png' }],
    });
    message = applyStreamEvent(message, {
      event: 'fileAnnotations',
      data: [{ fileName: 'policy.txt', filePath: 'policy.txt' }],
    });
    message = applyStreamEvent(message, {
      event: 'metadata',
      data: { chatId: 'chat 1', chatMessageId: 'm-9' },
    });
    render(
      <ChatFlowContext value="flow-1">
        <ChatBubble message={message} />
      </ChatFlowContext>,
    );
    expect(screen.getByRole('img', { name: 'chart.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(
        /\/api\/v1\/get-upload-file\?chatflowId=flow-1&chatId=chat\+1&fileName=chart\.png$/,
      ),
    );
    expect(screen.getByRole('link', { name: 'Download policy.txt' })).toHaveAttribute(
      'href',
      expect.stringMatching(/chatflowId=flow-1&chatId=chat\+1&fileName=policy\.txt&download=true$/),
    );
  });

  it('names a kept picture when the chat is not known, and reads stored answers the same way', () => {
    const message = fromHistoryRow({
      id: 'm1',
      role: 'apiMessage',
      content: 'Done',
      artifacts: [{ type: 'png', data: 'FILE-STORAGE::chart.png' }],
      fileAnnotations: JSON.stringify([{ fileName: 'result.csv', filePath: 'result.csv' }]),
      chatId: 'c-1',
    });
    render(<ChatBubble message={message} />);
    expect(screen.queryByRole('img', { name: 'chart.png' })).not.toBeInTheDocument();
    expect(screen.getByText('chart.png')).toBeInTheDocument();
    expect(screen.getByText('result.csv')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('names a cited file the server could not keep, without a download', () => {
    const message = applyStreamEvent(
      { ...answer, chatId: 'c-1' },
      {
        event: 'fileAnnotations',
        data: [
          { fileName: 'manual.pdf', filePath: '' },
          { fileName: 'table.csv', filePath: 'table.csv' },
        ],
      },
    );
    render(
      <ChatFlowContext value="flow-1">
        <ChatBubble message={message} />
      </ChatFlowContext>,
    );
    expect(screen.getByText('manual.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download manual.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download table.csv' })).toBeInTheDocument();
  });
});
