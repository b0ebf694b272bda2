import type { Locale } from '@optika/i18n/locales'
import type { MailKind } from '@optika/domain/cms/mail-kinds'
import type { Translator } from '../../platform/i18n/translator.ts'
import { escapeHtml, textToMailHtml, type EmailTemplate } from './render-email-document.ts'

type Params = Record<string, string>

/**
 * The shop's mails as they were written before e-mail documents, from the dictionary's texts
 * (which the translations screen may have edited): what a mail says when its document is
 * missing, and the content of the default e-mail documents. Placeholders keep their
 * `{{name}}` form, renamed where the dictionary's text calls them otherwise.
 */
export function builtInEmailTemplate(
  translator: Pick<Translator, 't'>,
  locale: Locale,
  kind: MailKind,
): EmailTemplate {
  const t = (key: string, params?: Params) => translator.t(locale, key, params)
  const paragraph = (text: string) => `<p>${escapeHtml(text).replaceAll('\n', '<br>')}</p>`
  // Markers and blocks in paragraphs of their own, as the editor's rich text keeps them.
  const section = (name: string, inner: string) => `<p>{{#${name}}}</p>${inner}<p>{{/${name}}}</p>`
  const body = (...parts: string[]) => parts.join('\n')
  const greeting = paragraph(t('checkoutFlow.mail.greeting'))
  const orderLink = section(
    'orderLink',
    paragraph(t('checkoutFlow.mail.orderLink', { url: '{{orderLink}}' })),
  )
  const number = { number: '{{orderNumber}}' }

  switch (kind) {
    case 'order-confirmation':
      return {
        subject: t('checkoutFlow.mail.subject', number),
        bodyHtml: body(
          greeting,
          paragraph(t('checkoutFlow.mail.thanks', number)),
          '<p>{{items}}</p>',
          '<p>{{totals}}</p>',
          section(
            'bankDetails',
            paragraph(t('checkoutFlow.mail.bankTransferIntro')) + '<p>{{bankDetails}}</p>',
          ),
          section('qrCode', paragraph(t('checkoutFlow.mail.qrHint')) + '<p>{{qrCode}}</p>'),
          section(
            'invoiceDueDate',
            paragraph(t('checkoutFlow.mail.invoiceDue', { date: '{{invoiceDueDate}}' })),
          ),
          section(
            'cashOnDeliveryAmount',
            paragraph(
              t('checkoutFlow.mail.cashOnDelivery', { amount: '{{cashOnDeliveryAmount}}' }),
            ),
          ),
          paragraph(`${t('customer.deliveryAddress')}: {{deliveryAddress}}`),
          paragraph(t('shipping.forwardingFromGermany')),
          section(
            'deliveryDaysMin',
            paragraph(
              t('checkoutFlow.mail.deliveryDays', {
                min: '{{deliveryDaysMin}}',
                max: '{{deliveryDaysMax}}',
              }),
            ),
          ),
          section('comment', paragraph(`${t('order.comment')}: {{comment}}`)),
          orderLink,
          paragraph(t('checkoutFlow.mail.signature')),
        ),
      }
    case 'order-to-shop':
      return {
        subject: t('checkoutFlow.shopMail.subject', { ...number, total: '{{total}}' }),
        bodyHtml: body(
          paragraph(t('checkoutFlow.shopMail.intro', number)),
          '<p>{{items}}</p>',
          '<p>{{totals}}</p>',
          paragraph(`${t('customer.billingAddress')}: {{billingAddress}}`),
          paragraph(`${t('customer.deliveryAddress')}: {{deliveryAddress}}`),
          section('comment', paragraph(`${t('order.comment')}: {{comment}}`)),
        ),
      }
    case 'order-status':
      return {
        subject: t('checkoutFlow.statusMail.subject', number),
        bodyHtml: body(
          greeting,
          paragraph(t('order.statusUpdated')),
          paragraph(`${t('order.number')}: {{orderNumber}}`),
          paragraph(t('checkoutFlow.statusMail.newStatus')),
          orderLink,
          paragraph(t('checkoutFlow.mail.signature')),
        ),
      }
    case 'password-reset':
      return {
        subject: t('account.resetMail.subject'),
        bodyHtml: textToMailHtml(t('account.resetMail.text')),
      }
    case 'partner-approved':
      return {
        subject: t('adminCustomers.mail.approved.subject'),
        bodyHtml: textToMailHtml(t('adminCustomers.mail.approved.text')),
      }
    case 'partner-rejected':
      return {
        subject: t('adminCustomers.mail.rejected.subject'),
        bodyHtml: textToMailHtml(t('adminCustomers.mail.rejected.text')),
      }
    case 'registration-finished':
      return {
        subject: t('account.welcomeMail.subject'),
        bodyHtml: body(
          textToMailHtml(t('account.welcomeMail.text')),
          section('partner', paragraph(t('registration.partnerActivatedLater'))),
        ),
      }
    case 'contact-form':
      return {
        subject: t('cmsMails.contactForm.subject'),
        bodyHtml: body(
          textToMailHtml(t('cmsMails.contactForm.text')),
          paragraph(t('contact.mail.topicLine', { topic: '{{topic}}' })),
          section('phone', paragraph(t('contact.mail.phoneLine', { phone: '{{phone}}' }))),
          section(
            'orderNumber',
            paragraph(t('contact.mail.orderLine', { orderNumber: '{{orderNumber}}' })),
          ),
          section(
            'attachments',
            paragraph(t('contact.mail.attachmentsLine', { attachments: '{{attachments}}' })),
          ),
        ),
      }
    case 'contact-reply':
      return {
        subject: t('contact.mail.reply.subject', { topic: '{{topic}}' }),
        bodyHtml: textToMailHtml(t('contact.mail.reply.text')),
      }
    case 'complaint-message':
      return {
        subject: t('cmsMails.complaintMessage.subject'),
        bodyHtml: textToMailHtml(t('cmsMails.complaintMessage.text')),
      }
    case 'forum-reply':
      return {
        subject: t('forum.mail.reply.subject'),
        bodyHtml: textToMailHtml(t('forum.mail.reply.text')),
      }
    case 'forum-post-hidden':
      return {
        subject: t('forumModeration.mail.subject'),
        bodyHtml: textToMailHtml(t('forumModeration.mail.text')),
      }
  }
}
