import { describe, expect, it } from 'vitest'
import {
  mailImage,
  mailTable,
  renderEmailDocument,
  textToMailHtml,
} from './render-email-document.ts'

describe('an e-mail document rendered with its values', () => {
  it('fills placeholders in the subject, the HTML and the plain text', () => {
    const mail = renderEmailDocument(
      {
        subject: 'Order {{ orderNumber }} received',
        bodyHtml:
          '<p>Hello <strong>{{name}}</strong>,</p><p>thank you for order {{orderNumber}}.</p>',
      },
      { name: 'Jana', orderNumber: '2026001' },
    )
    expect(mail.subject).toBe('Order 2026001 received')
    expect(mail.html).toBe(
      '<!doctype html><html><body><p>Hello <strong>Jana</strong>,</p><p>thank you for order 2026001.</p></body></html>',
    )
    expect(mail.text).toBe('Hello Jana,\n\nthank you for order 2026001.\n')
    expect(mail.unknownPlaceholders).toEqual([])
  })

  it('escapes what a customer typed in the HTML and keeps it as typed in the text', () => {
    const mail = renderEmailDocument(
      { subject: 'From {{name}}', bodyHtml: '<p>{{name}} wrote:</p><p>{{message}}</p>' },
      { name: '<img src=x onerror=alert(1)>', message: '<script>alert(1)</script>\nsecond line' },
    )
    expect(mail.html).not.toContain('<script')
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>second line')
    expect(mail.text).toContain('<script>alert(1)</script>\nsecond line')
    expect(mail.subject).toBe('From <img src=x onerror=alert(1)>')
  })

  it('inserts tables and images as HTML, with the table as text lines', () => {
    const mail = renderEmailDocument(
      { subject: 's', bodyHtml: '<p>Items:</p><p>{{items}}</p>{{qrCode}}<p>Bye</p>' },
      {
        items: mailTable([['Frame <b>', '2']], ['Item', 'Qty']),
        qrCode: mailImage('data:image/png;base64,AAA', 'QR code'),
      },
    )
    expect(mail.html).toContain('<table cellpadding="4" cellspacing="0" border="1"><thead>')
    expect(mail.html).toContain('<td>Frame &lt;b&gt;</td>')
    expect(mail.html).not.toContain('<p><table')
    expect(mail.html).toContain('<img src="data:image/png;base64,AAA" alt="QR code"')
    expect(mail.text).toBe('Items:\n\nItem | Qty\nFrame <b> | 2\n\nBye\n')
  })

  it('keeps a section only when its value is there, and drops the paragraphs around markers', () => {
    const template = {
      subject: 'x',
      bodyHtml:
        '<p>{{#comment}}</p><p>Comment: {{comment}}</p><p>{{/comment}}</p>{{^comment}}<p>No comment.</p>{{/comment}}',
    }
    const withComment = renderEmailDocument(template, { comment: 'Call first' })
    expect(withComment.text).toBe('Comment: Call first\n')
    expect(withComment.html).toBe(
      '<!doctype html><html><body><p>Comment: Call first</p></body></html>',
    )
    const without = renderEmailDocument(template, { comment: '' })
    expect(without.text).toBe('No comment.\n')
  })

  it('reads sections and blocks wherever a rich-text editor put them', () => {
    const template = {
      subject: 's',
      bodyHtml:
        '<p>{{#bankDetails}}</p><p>Pay to:</p><p>{{bankDetails}}{{/bankDetails}}</p><p>{{#comment}}Comment: {{comment}}{{/comment}}</p><p>End</p>',
    }
    const bank = mailTable([['IBAN', 'CZ12']])
    const full = renderEmailDocument(template, { bankDetails: bank, comment: 'Ring twice' })
    expect(full.html).toBe(
      `<!doctype html><html><body><p>Pay to:</p>${bank.html}<p>Comment: Ring twice</p><p>End</p></body></html>`,
    )
    expect(full.text).toBe('Pay to:\n\nIBAN | CZ12\n\nComment: Ring twice\n\nEnd\n')
    const bare = renderEmailDocument(template, { bankDetails: null, comment: '' })
    expect(bare.html).toBe('<!doctype html><html><body><p>End</p></body></html>')
    expect(bare.text).toBe('End\n')
  })

  it('leaves an unknown placeholder visible and names it', () => {
    const mail = renderEmailDocument({ subject: '{{nope}}', bodyHtml: '<p>{{ordrNumber}}</p>' }, {})
    expect(mail.text).toBe('{{ordrNumber}}\n')
    expect(mail.unknownPlaceholders).toEqual(['nope', 'ordrNumber'])
  })

  it('writes links as text with their address, and makes a bare address a link', () => {
    const mail = renderEmailDocument(
      {
        subject: 's',
        bodyHtml: '<p><a href="https://shop.example/terms">our terms</a> and {{link}}</p>',
      },
      { link: 'https://shop.example/reset?token=a&b' },
    )
    expect(mail.text).toBe(
      'our terms (https://shop.example/terms) and https://shop.example/reset?token=a&b\n',
    )
    expect(mail.html).toContain(
      '<a href="https://shop.example/reset?token=a&amp;b">https://shop.example/reset?token=a&amp;b</a>',
    )
  })

  it('escapes a value placed in an attribute instead of nesting a link in it', () => {
    const mail = renderEmailDocument(
      { subject: 's', bodyHtml: '<p><a href="{{link}}">reset</a></p>' },
      { link: 'https://shop.example/"x' },
    )
    expect(mail.html).toContain('<a href="https://shop.example/&quot;x">reset</a>')
  })
})

describe('plain text as a document body', () => {
  it('becomes paragraphs with line breaks that render back to the same text', () => {
    const text = 'Hello {{name}},\n\nset a new password here:\n{{link}}\n\nBye'
    const html = textToMailHtml(text)
    expect(html).toBe(
      '<p>Hello {{name}},</p>\n<p>set a new password here:<br>{{link}}</p>\n<p>Bye</p>',
    )
    const mail = renderEmailDocument({ subject: 's', bodyHtml: html }, { name: 'A', link: 'L' })
    expect(mail.text).toBe('Hello A,\n\nset a new password here:\nL\n\nBye\n')
  })
})
