import { createServer, type Server } from 'node:net';

export interface SmtpSink {
  url: string;
  messages: { from: string; to: string[]; data: string }[];
  stop(): Promise<void>;
}

/** A minimal SMTP server (plain, no auth) that records what it receives, like MailSlurper in Kratos' e2e tests. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'MAIL') current.from = line;
        if (cmd === 'RCPT') current.to.push(line);
        if (cmd === 'DATA') inData = true;
        if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(cmd === 'DATA' ? '354 go ahead\r\n' : cmd === 'EHLO' || cmd === 'HELO' ? '250 sink\r\n' : '250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
