import { isDeadEnd, selectedKeys, toggleKey } from './panel-state.ts'
import type { WidgetProps } from './widget-props.ts'

/**
 * Seed section 2: the colour widget. Each swatch is the checkbox itself (drawn in the value's
 * colour, ringed when ticked), so it keeps a checkbox's keyboard use and the shop's focus ring;
 * the colour's name beside it is its label.
 */
export function ColourFilter({ filter, selection, onChange }: WidgetProps) {
  const keys = selectedKeys(selection)
  return (
    <ul className="space-y-0.5">
      {filter.values.map((value) => {
        const checked = keys.includes(value.key)
        const disabled = isDeadEnd(value.count, checked)
        return (
          <li key={value.key}>
            <label
              className={`flex items-center gap-2.5 rounded-md px-1 py-1 text-sm ${disabled ? 'text-stone-400' : 'cursor-pointer text-stone-700 hover:bg-stone-50'}`}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={disabled}
                onChange={(event) =>
                  onChange(toggleKey(filter, selection, value.key, event.currentTarget.checked))
                }
                style={{ background: value.color ?? 'transparent' }}
                className="size-6 shrink-0 cursor-pointer appearance-none rounded-full border border-stone-300 shadow-inner ring-offset-2 checked:ring-2 checked:ring-brand-700 focus-visible:outline-offset-4 disabled:cursor-default disabled:opacity-40"
              />
              <span className="min-w-0 flex-1">{value.name}</span>
              <span className="text-xs text-stone-500 tabular-nums">({value.count})</span>
            </label>
          </li>
        )
      })}
    </ul>
  )
}
