import { describe, expect, it } from 'vitest';
import { contactFieldErrors, contactMessages, contactSchema, parseContact } from '../../src/domain/contact';

const valid = { name: 'Asha Verma', email: 'asha@example.in', phone: '', message: 'Please call me about a website.' };

describe('contact schema', () => {
  it('accepts a valid form and trims every field', () => {
    expect(contactSchema.parse({ name: '  Asha ', email: ' asha@example.in ', phone: ' 9876543210 ', message: '  0123456789  ' })).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
      phone: '9876543210',
      message: '0123456789',
    });
    expect(contactFieldErrors(valid)).toEqual({});
  });

  it('treats a missing or null phone as empty', () => {
    const { phone: _omitted, ...withoutPhone } = valid;
    expect(parseContact(withoutPhone)).toEqual({ ok: true, value: valid });
    expect(parseContact({ ...valid, phone: null })).toEqual({ ok: true, value: valid });
  });

  it.each([
    [{ name: '' }, 'name', contactMessages.nameRequired, 'Full name is required.'],
    [{ name: '   ' }, 'name', contactMessages.nameRequired, 'Full name is required.'],
    [{ email: '' }, 'email', contactMessages.emailRequired, 'Email address is required.'],
    [{ email: 'asha.example.in' }, 'email', contactMessages.emailInvalid, 'Please enter a valid email address.'],
    [{ email: 'asha@' }, 'email', contactMessages.emailInvalid, 'Please enter a valid email address.'],
    [{ phone: '12345' }, 'phone', contactMessages.phoneInvalid, 'Please enter a valid phone number format.'],
    [{ message: '' }, 'message', contactMessages.messageRequired, 'Message is required.'],
    [{ message: '  123456789   ' }, 'message', contactMessages.messageTooShort, 'Message must be at least 10 characters long.'],
  ])('%o gives %s the message %s', (change, field, message, literal) => {
    // The literal pins docs/product.md §5's wording; the constant is what views import.
    expect(message).toBe(literal);
    expect(contactFieldErrors({ ...valid, ...change })).toEqual({ [field]: literal });
  });

  it('caps lengths with clear messages', () => {
    expect(contactFieldErrors({ ...valid, name: 'n'.repeat(120) })).toEqual({});
    expect(contactFieldErrors({ ...valid, name: 'n'.repeat(121) })).toEqual({ name: 'Full name must be 120 characters or fewer.' });
    // 64 characters before the @ at most (src/domain/email.ts), so the long part is the domain.
    expect(contactFieldErrors({ ...valid, email: `asha@${'x'.repeat(246)}.in` })).toEqual({});
    expect(contactFieldErrors({ ...valid, email: `asha@${'x'.repeat(247)}.in` })).toEqual({
      email: 'Email address must be 254 characters or fewer.',
    });
    expect(contactFieldErrors({ ...valid, message: 'm'.repeat(5000) })).toEqual({});
    expect(contactFieldErrors({ ...valid, message: 'm'.repeat(5001) })).toEqual({
      message: 'Message must be 5000 characters or fewer.',
    });
  });

  it.each(['+91 98765 43210', '9876543210', '+1-202-555-0143', '+919876543210', '123456789012345', '98765-43210'])(
    'accepts the phone %s',
    (phone) => {
      expect(contactFieldErrors({ ...valid, phone })).toEqual({});
    },
  );

  it.each([
    '12345',
    'abc',
    '98765--43210',
    '+91  98765',
    '+91  98765 43210',
    '1234567890123456',
    '++919876543210',
    '+ 919876543210',
    '98765 43210-',
    '-9876543210',
    '98765_43210',
    '(022) 2345 6789',
  ])('refuses the phone %s', (phone) => {
    expect(contactFieldErrors({ ...valid, phone })).toEqual({ phone: contactMessages.phoneInvalid });
  });

  it('gives the first message per field only, for every field at once', () => {
    expect(contactFieldErrors({ name: ' ', email: ' ', phone: 'x', message: ' ' })).toEqual({
      name: 'Full name is required.',
      email: 'Email address is required.',
      phone: 'Please enter a valid phone number format.',
      message: 'Message is required.',
    });
  });

  it('reads anything that is not an object as an empty form', () => {
    const allRequired = {
      name: contactMessages.nameRequired,
      email: contactMessages.emailRequired,
      message: contactMessages.messageRequired,
    };
    for (const input of [undefined, null, 42, 'text', [valid]]) expect(contactFieldErrors(input)).toEqual(allRequired);
  });

  it('names wrongly typed fields without claiming they are missing', () => {
    expect(contactFieldErrors({ name: 1, email: true, phone: 5, message: ['long enough message'] })).toEqual({
      name: 'Full name must be text.',
      email: 'Email address must be text.',
      phone: 'Phone number must be text.',
      message: 'Message must be text.',
    });
  });
});
