import { describe, expect, it } from 'vitest'
import { compileGuardExpression, evaluateGuardExpression } from './workflow-expression.ts'
import { drawWorkflowGraph } from './draw-workflow-graph.ts'

describe('guard expressions', () => {
  const product = { code: 'RB-1', price: 1200, name: { en: 'Round', cs: 'Kulaté' }, stock: null }

  it('reads fields, localized values and compares them', () => {
    expect(evaluateGuardExpression('price > 1000 and code != ""', product)).toEqual({
      kind: 'passed',
    })
    expect(evaluateGuardExpression('name.cs == "Kulaté"', product)).toEqual({ kind: 'passed' })
    expect(evaluateGuardExpression('price < 10', product)).toEqual({ kind: 'failed' })
    expect(evaluateGuardExpression('not empty(stock)', product)).toEqual({ kind: 'failed' })
  })

  it('treats an unknown name and a type mismatch as errors, not as false', () => {
    expect(evaluateGuardExpression('prize > 1000', product).kind).toBe('error')
    expect(evaluateGuardExpression('code > 3', product).kind).toBe('error')
  })

  it('never reaches prototypes or globals', () => {
    expect(evaluateGuardExpression('constructor == 1', product).kind).toBe('error')
    expect(evaluateGuardExpression('toString == 1', product).kind).toBe('error')
    expect(evaluateGuardExpression('name.constructor == 1', product)).toEqual({ kind: 'failed' })
    expect(evaluateGuardExpression('process.exit(1)', product).kind).toBe('error')
    expect(evaluateGuardExpression('name.__proto__ == 1', product)).toEqual({ kind: 'failed' })
  })

  it('refuses what does not parse', () => {
    expect(() => compileGuardExpression('price >')).toThrow()
    expect(() => compileGuardExpression('price; delete')).toThrow()
  })
})

describe('the workflow graph', () => {
  it('escapes every label and marks the current places', () => {
    const svg = drawWorkflowGraph(
      {
        name: 'x',
        label: '"/><script>alert(1)</script>',
        type: 'workflow',
        enabled: true,
        priority: 0,
        supports: { objectClasses: [], assetTypes: [], documentTypes: [] },
        initialPlaces: ['a'],
        places: [
          { name: 'a', label: '<b>A</b>', color: '#ffffff', description: '', fieldRules: [] },
          { name: 'b', label: 'B & co', color: '#000000', description: '', fieldRules: [] },
        ],
        transitions: [
          {
            name: 'go',
            label: "<img src=x onerror='1'>",
            from: ['a'],
            to: ['b'],
            guard: { roleIds: [], permissions: [], expression: null },
            notes: { enabled: false, required: false, type: 'x', title: '', additionalFields: [] },
            notify: { userIds: [], roleIds: [] },
            customHtml: '',
            changePublishedState: 'noChange',
          },
        ],
        globalActions: [],
      },
      ['b'],
      { title: 'Graph <x>', current: 'now' },
    )
    expect(svg).not.toMatch(/<script|<b>|<img/)
    expect(svg).toContain('B &#38; co')
    expect(svg).toMatch(/data-place="b" data-current="true"/)
    expect(svg).toContain('Graph &#60;x&#62;')
  })
})
