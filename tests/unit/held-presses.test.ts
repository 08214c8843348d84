import { afterEach, describe, expect, it } from 'vitest';
import { earlyPressScript, holdPressesUntil, needsAppAttribute, takeEarlyPresses } from '../../src/lib/heldPresses';

/** Presses before hydration (docs/decisions/152-presses-before-hydration.md): recorded, held, pressed again. */

function page() {
  document.body.innerHTML =
    '<div id="root"><button id="menu">Menu</button><button id="chat"><svg></svg><span>Chat</span></button></div><button id="outside">Out</button>';
  const byId = (id: string) => document.getElementById(id) as HTMLButtonElement;
  return { root: byId('root') as unknown as HTMLElement, menu: byId('menu'), chat: byId('chat'), outside: byId('outside') };
}

/** Counts the presses that reach the button's own listener (what React would see). */
function countPresses(button: HTMLElement): () => number {
  let presses = 0;
  button.addEventListener('click', () => (presses += 1));
  return () => presses;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A promise the test settles itself: the moment the app's root has hydrated. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

afterEach(() => {
  takeEarlyPresses();
  document.body.innerHTML = '';
});

describe('holdPressesUntil', () => {
  it('holds a press on a covered button, ahead of its listener, and presses it again once ready', async () => {
    const { root, chat } = page();
    const presses = countPresses(chat);
    const opened = gate();
    holdPressesUntil(opened.promise, (button) => root.contains(button));
    chat.querySelector('span')!.click(); // on the button's content: the press is the button's
    expect(presses()).toBe(0);
    opened.open();
    await settle();
    expect(presses()).toBe(1);
    // Once released, presses go straight through, once.
    chat.click();
    expect(presses()).toBe(2);
  });

  it('lets presses it does not cover through at once', async () => {
    const { root, outside } = page();
    const presses = countPresses(outside);
    holdPressesUntil(new Promise(() => {}), (button) => root.contains(button));
    outside.click();
    expect(presses()).toBe(1);
  });

  it('leaves a press another holder took to that holder: pressed again once, not twice', async () => {
    const { root, menu } = page();
    const presses = countPresses(menu);
    const first = gate();
    const second = gate();
    holdPressesUntil(first.promise, (button) => button === menu);
    holdPressesUntil(second.promise, (button) => root.contains(button));
    menu.click();
    second.open();
    await settle();
    expect(presses()).toBe(0);
    first.open();
    await settle();
    expect(presses()).toBe(1);
  });

  it('calls onHeld for each held press, and skips a held button that left the page meanwhile', async () => {
    const { root, menu, chat } = page();
    const chatPresses = countPresses(chat);
    let held = 0;
    const opened = gate();
    holdPressesUntil(opened.promise, (button) => root.contains(button), { onHeld: () => (held += 1) });
    menu.click();
    chat.click();
    menu.remove();
    opened.open();
    await settle();
    expect(held).toBe(2);
    expect(chatPresses()).toBe(1);
  });
});

describe('holdPressesUntil, with an impatient visitor', () => {
  it('presses a button again once, however often it was pressed while held', async () => {
    const { root, menu } = page();
    const presses = countPresses(menu);
    const opened = gate();
    holdPressesUntil(opened.promise, (button) => root.contains(button));
    menu.click();
    menu.click();
    menu.click();
    opened.open();
    await settle();
    expect(presses()).toBe(1);
  });

  it('drops presses made on a page the visitor has left by the time the buttons are live', async () => {
    const { root, menu } = page();
    const presses = countPresses(menu);
    const opened = gate();
    holdPressesUntil(opened.promise, (button) => root.contains(button));
    menu.click();
    window.history.pushState(null, '', '/pricing');
    opened.open();
    await settle();
    expect(presses()).toBe(0);
    window.history.pushState(null, '', '/');
  });
});

describe('the inline recorder', () => {
  it('records presses on the page’s buttons before the app runs, and hands them over in order', async () => {
    const { root, menu, chat, outside } = page();
    const menuPresses = countPresses(menu);
    new Function(earlyPressScript())();
    chat.click();
    outside.click();
    menu.click();
    chat.click();
    // The recorder only records: the presses reached the (not yet hydrated) buttons as they would have.
    expect(menuPresses()).toBe(1);

    const early = takeEarlyPresses();
    expect(early).toEqual([chat, menu]);
    // Stopped: later presses are not recorded, and there is nothing left to take.
    menu.click();
    expect(takeEarlyPresses()).toEqual([]);

    // The app holds on from there and presses the recorded buttons again, first, once ready.
    const order: string[] = [];
    chat.addEventListener('click', () => order.push('chat'));
    menu.addEventListener('click', () => order.push('menu'));
    const opened = gate();
    holdPressesUntil(opened.promise, (button) => root.contains(button), { earlier: early });
    opened.open();
    await settle();
    expect(order).toEqual(['chat', 'menu']);
  });
});

describe('forms sent before hydration', () => {
  function form(withButton: boolean) {
    document.body.innerHTML = `<div id="root"><form id="form"><input name="name" value="Asha">${withButton ? '<button id="send">Send</button>' : ''}</form></div>`;
    const element = document.getElementById('form') as HTMLFormElement;
    const sends: boolean[] = [];
    // Last in line, as the browser's own sending would be: whether anything before it stopped it (then stopped here,
    // as jsdom cannot send a form).
    element.addEventListener('submit', (event) => {
      sends.push(event.defaultPrevented);
      event.preventDefault();
    });
    return { form: element, send: document.getElementById('send') as HTMLButtonElement | null, sends };
  }

  it('the inline recorder stops the browser sending the form, and records its button', () => {
    const { send, sends } = form(true);
    new Function(earlyPressScript())();
    send!.click();
    expect(sends).toEqual([true]);
    expect(takeEarlyPresses()).toEqual([send]);
  });

  it('the inline recorder keeps a form sent without a button, and the holder sends it again once ready', async () => {
    const { form: element, sends } = form(false);
    new Function(earlyPressScript())();
    element.requestSubmit();
    const early = takeEarlyPresses();
    expect(early).toEqual([element]);
    const opened = gate();
    holdPressesUntil(opened.promise, (pressed) => document.getElementById('root')!.contains(pressed), { earlier: early });
    element.requestSubmit(); // held too, and sent once
    expect(sends).toEqual([true]);
    opened.open();
    await settle();
    expect(sends).toEqual([true, false]);
  });

  it('the holder stops a covered form’s button from sending it until ready, then presses it again', async () => {
    const { send, sends } = form(true);
    const opened = gate();
    holdPressesUntil(opened.promise, (pressed) => document.getElementById('root')!.contains(pressed));
    send!.click();
    expect(sends).toEqual([]);
    opened.open();
    await settle();
    expect(sends).toEqual([false]);
  });
});

describe('links before hydration', () => {
  it('follows a plain link at once, and holds one only the app can follow, to press it again once ready', async () => {
    document.body.innerHTML = `<div id="root"><a id="plain" href="#plain">About</a><a id="buy" href="#buy" ${needsAppAttribute}>Buy Now</a></div>`;
    const plain = document.getElementById('plain')!;
    const buy = document.getElementById('buy')!;
    const followed: boolean[] = [];
    for (const link of [plain, buy]) link.addEventListener('click', (event) => followed.push(!event.defaultPrevented));
    new Function(earlyPressScript())();
    plain.click();
    buy.click();
    expect(followed).toEqual([true, false]);
    const early = takeEarlyPresses();
    expect(early).toEqual([buy]);

    const opened = gate();
    holdPressesUntil(opened.promise, (pressed) => document.getElementById('root')!.contains(pressed), { earlier: early });
    buy.click(); // held before it reaches the link, and pressed again once
    opened.open();
    await settle();
    expect(followed).toEqual([true, false, true]);
  });
});
