import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { nodeIconUrl } from '../canvasApi';
import { conditionSummaryOf } from '../document/conditionNode';
import { anchorOptionHandles, chosenOutput } from '../document/editNode';
import { inputHandleId } from '../document/handles';
import type { CanvasNode, RichParam } from '../document/types';
import { visibleInputs } from '../document/visibility';
import { previewHeight, previewText } from '../inputs/paramPreview';
import { paramValue } from './ParamRow';

/**
 * A node card drawn for the zoomed-out canvas: the same layout and handles as the full card, in
 * plain elements styled by the canvas stylesheet (`.flc-*` in canvasStyles), without editors.
 * Hundreds of these mount in a fraction of the time the full cards take.
 */
export const CompactNodeCard = memo(function CompactNodeCard({ id, data, selected }: NodeProps<CanvasNode>) {
  const { inputs } = data;
  const anchors = useMemo(() => visibleInputs(data.inputAnchors, inputs), [data.inputAnchors, inputs]);
  const params = useMemo(
    () =>
      visibleInputs(
        (data.inputParams as RichParam[]).filter((param) => !param.additionalParams && !param.hidden),
        inputs,
      ),
    [data.inputParams, inputs],
  );
  const hasAdditional = (data.inputParams as RichParam[]).some(
    (param) => param.additionalParams && !param.hidden,
  );

  return (
    <div className={selected ? 'flc-card selected' : 'flc-card'}>
      <div className="flc-header">
        <img className="flc-icon" src={nodeIconUrl(data.name)} alt="" draggable={false} loading="lazy" />
        <div className="flc-titles">
          <div className="flc-title">{data.label}</div>
          <div className="flc-sub">{data.category}</div>
        </div>
      </div>
      {(anchors.length > 0 || params.length > 0 || hasAdditional) && <div className="flc-band">Inputs</div>}
      {anchors.length > 0 && (
        <div className="flc-anchors">
          {anchors.map((anchor) => (
            <div key={anchor.name} className="flc-anchor">
              <Handle
                type="target"
                position={Position.Left}
                id={anchor.id ?? inputHandleId(id, anchor)}
                className="flowloom-handle"
              />
              <div className="flc-label">{anchor.label}</div>
              {anchor.description && <div className="flc-desc">{anchor.description}</div>}
            </div>
          ))}
        </div>
      )}
      {params.length > 0 && (
        <div className="flc-params">
          {params.map((param) => (
            <div key={param.name} className={param.type === 'boolean' ? 'flc-param flc-inline' : 'flc-param'}>
              {param.acceptVariable && (
                <Handle
                  type="target"
                  position={Position.Left}
                  id={param.id ?? inputHandleId(id, param)}
                  className="flowloom-handle"
                  style={{ top: 11 }}
                />
              )}
              <div className="flc-label">{param.label || param.name}</div>
              {param.type === 'boolean' ? (
                <div className={paramValue(data, param) === true ? 'flc-switch on' : 'flc-switch'} />
              ) : (
                <div className="flc-field" style={{ height: previewHeight(param) }}>
                  {(param.type === 'conditionFunction' && conditionSummaryOf(data, param)) ||
                    previewText(param, paramValue(data, param))}
                </div>
              )}
            </div>
          ))}
        </div>
      )}
      {hasAdditional && <div className="flc-button" />}
      {!data.hideOutput && data.outputAnchors.length > 0 && <div className="flc-band">Output</div>}
      {!data.hideOutput &&
        data.outputAnchors.map((anchor) => {
          const branches = anchorOptionHandles(anchor);
          if (branches.length > 0) {
            return branches.map((branch) => (
              <div key={branch.id} className="flc-output flc-branch">
                <Handle type="source" position={Position.Right} id={branch.id} className="flowloom-handle" />
                {branch.label}
              </div>
            ));
          }
          const chosen = chosenOutput(data, anchor);
          if (!chosen) return null;
          return (
            <div key={anchor.name} className="flc-output">
              <Handle type="source" position={Position.Right} id={chosen.id} className="flowloom-handle" />
              {anchor.type === 'options' ? (
                <div className="flc-field flc-select">{chosen.label}</div>
              ) : (
                chosen.label
              )}
            </div>
          );
        })}
    </div>
  );
});
