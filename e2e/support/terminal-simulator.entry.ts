// Browser bundle of the terminal simulator for the Key Erase browser tests (built by esbuild in
// key-erase.ts, injected with page.addInitScript). It exposes one small factory on window.
import { fromHex } from '@tkc/terminal/bytes';
import { createSimulatedSetup, type TerminalFault } from '@tkc/terminal/simulator';

export type InjectedTerminal = {
  model: string;
  sn: string;
  esn: string;
  /** The model key the terminal holds, hex. */
  eraseKey: string;
  /** The platform root it trusts, PEM. */
  rootCertificate: string;
  suldMode?: boolean;
  /** The user dismisses the port chooser. */
  userCancels?: boolean;
  /** Another program has the port open. */
  heldElsewhere?: boolean;
  faults?: TerminalFault[];
};

function createTerminal(config: InjectedTerminal) {
  const key = fromHex(config.eraseKey);
  if (!key) throw new Error('eraseKey is not hex');
  const setup = createSimulatedSetup(
    {
      model: config.model,
      sn: config.sn,
      esn: config.esn,
      eraseKey: key,
      trustedRoot: config.rootCertificate,
      suldMode: config.suldMode ?? true,
    },
    { replyDelayMs: 20 },
  );
  setup.serial.userCancels = config.userCancels ?? false;
  setup.port.heldElsewhere = config.heldElsewhere ?? false;
  for (const fault of config.faults ?? []) setup.terminal.injectFault(fault);
  return setup;
}

Object.assign(globalThis, { __tkcSimulator: { createTerminal } });
