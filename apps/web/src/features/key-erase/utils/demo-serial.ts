import { fromHex } from '@tkc/terminal/bytes';
import type { SerialLike } from '@tkc/terminal/serial';
import { createSimulatedSetup } from '@tkc/terminal/simulator';
import type { DemoChoice, DemoTerminal } from './demo-outcomes';

// The simulated terminal of the demo mode, behind a `navigator.serial`-like object. It holds the
// demo model's key and trusts the platform root the server gave, so it checks the server's real
// authorisation as a terminal would; the chosen outcome is injected as a fault.

/** Delay before each reply, so the steps can be followed on screen. */
const REPLY_DELAY_MS = 150;

export function createDemoSerial(terminal: DemoTerminal, choice: DemoChoice): SerialLike {
  const modelKey = fromHex(terminal.eraseKey);
  if (!modelKey) throw new Error('The demo terminal key is not hex');
  // A bad auth code: the terminal holds another model key than the server, so the server's auth
  // code fails the terminal's own check (670000 AUTH_CODE_ERROR).
  const eraseKey =
    choice.outcome === 'badAuth' ? crypto.getRandomValues(new Uint8Array(16)) : modelKey;
  const setup = createSimulatedSetup(
    {
      model: terminal.model,
      sn: terminal.sn,
      esn: terminal.esn,
      eraseKey,
      trustedRoot: terminal.rootCertificate,
      suldMode: choice.outcome !== 'suldOff',
    },
    { replyDelayMs: REPLY_DELAY_MS },
  );
  switch (choice.outcome) {
    case 'notSelected':
      setup.serial.userCancels = true;
      break;
    case 'connected':
      setup.port.heldElsewhere = true;
      break;
    case 'deviceError':
      setup.terminal.injectFault({
        command: 'erase',
        reply: { code: String(choice.deviceErrorCode) },
      });
      break;
    case 'allZero':
      setup.terminal.injectFault({ command: 'getSn', reply: 'allZero' });
      break;
    case 'corrupt':
      setup.terminal.injectFault({ command: 'getRn', reply: 'corrupt' });
      break;
    case 'noAnswer':
      setup.terminal.injectFault({ command: 'softReset', reply: 'silent' });
      break;
    default:
      break;
  }
  return setup.serial;
}
